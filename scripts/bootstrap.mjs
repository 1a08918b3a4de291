#!/usr/bin/env node
// The two README commands (`npm start`, `npm test`) land here. This file runs on whatever
// Node the machine has (20 or newer) and uses no dependencies: it installs the system tools
// and the workspace, then hands over to Node 24 (the pinned `node` devDependency).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PNPM = 'pnpm@10.34.9';
const mode = process.argv[2];

if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}

/**
 * The pg_dump restore drill (apps/launcher/src/restore-drill-pg-dump.integration.test.ts) runs a
 * PostgreSQL server of its own with the guide's client tools. Debian keeps each major version's
 * programs off PATH, in /usr/lib/postgresql/<major>/bin: the newest folder that has them all
 * (PG_BIN_DIR points elsewhere). The test looks them up the same way.
 */
const PG_TOOLS = ['initdb', 'pg_ctl', 'postgres', 'psql', 'pg_dump', 'pg_restore', 'dropdb', 'createdb'];

function findPgBinDir() {
  const has = (dir) => PG_TOOLS.every((tool) => existsSync(join(dir, tool)));
  if (process.env.PG_BIN_DIR) return has(process.env.PG_BIN_DIR) ? process.env.PG_BIN_DIR : undefined;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find(has);
}

/**
 * System tools: the env override that points at each, the Debian package that has it, and, when
 * not a program on PATH, how to tell it is there.
 */
const TOOLS = [
  { name: 'ffmpeg', env: 'FFMPEG_PATH', apt: 'ffmpeg', modes: ['start', 'test'] },
  { name: 'ffprobe', env: 'FFPROBE_PATH', apt: 'ffmpeg', modes: ['start', 'test'] },
  // Tests need Debian's yt-dlp: they build their fake releases from it and use it as the system
  // fallback. `npm start` needs it only when the worker cannot install its own (see below).
  { name: 'yt-dlp', env: 'YTDLP_PATH', apt: 'yt-dlp', modes: ['start', 'test'] },
  { name: 'chromium', env: 'CHROMIUM_PATH', apt: 'chromium', modes: ['test'] },
  // The e2e tests run in the old headless shell (tooling/playwright): the same engine, less CPU.
  { name: 'chromium-headless-shell', env: 'CHROMIUM_HEADLESS_SHELL_PATH', apt: 'chromium-headless-shell', modes: ['test'] },
  {
    name: `postgresql (${PG_TOOLS.join(', ')})`,
    env: 'PG_BIN_DIR',
    // The distribution's server (15 on bookworm, 17 on trixie, 16 on Ubuntu 24.04): the drill
    // picks the newest /usr/lib/postgresql/<major>/bin it finds.
    apt: 'postgresql',
    modes: ['test'],
    present: () => findPgBinDir() !== undefined,
  },
];

// The worker's default download base per YTDLP_CHANNEL (apps/worker/src/env.ts): repeated here
// because this script runs before anything is installed and imports nothing.
const YTDLP_CHANNELS = {
  stable: 'https://github.com/yt-dlp/yt-dlp/releases/latest/download',
  nightly: 'https://github.com/yt-dlp/yt-dlp-nightly-builds/releases/latest/download',
};

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` without YTDLP_PATH: the worker installs a checksum-verified yt-dlp into
 * DATA_DIR/tools itself (in the background, at start). Debian's old yt-dlp is then not needed:
 * when a managed copy is already there, or the release channel answers, nothing is installed;
 * only when neither is true does apt's yt-dlp come in as the fallback.
 */
async function workerCanManageYtDlp() {
  if (process.env.YTDLP_PATH) return false;
  if (process.env.YTDLP_AUTO_UPDATE === 'false' || process.env.YTDLP_AUTO_UPDATE === '0') return false;
  const dataDir = resolve(root, process.env.DATA_DIR || '.data');
  if (isExecutable(join(dataDir, 'tools', 'yt-dlp'))) return true;
  const channel = process.env.YTDLP_CHANNEL === 'nightly' ? 'nightly' : 'stable';
  const base = (process.env.YTDLP_RELEASE_URL || YTDLP_CHANNELS[channel]).replace(/\/+$/, '');
  try {
    const res = await fetch(`${base}/SHA2-256SUMS`, { signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    if (!res.ok) {
      console.log(`[scrapper] yt-dlp release channel ${base} answered ${res.status}: falling back to the system yt-dlp`);
      return false;
    }
    console.log(`[scrapper] yt-dlp: the worker installs its own from ${base} into ${join(dataDir, 'tools')}`);
    return true;
  } catch (error) {
    console.log(`[scrapper] yt-dlp release channel ${base} not reachable (${error?.cause?.code ?? error?.name ?? error}): falling back to the system yt-dlp`);
    return false;
  }
}

function onPath(cmd) {
  if (cmd.includes('/')) return existsSync(cmd);
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir && existsSync(join(dir, cmd)));
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    console.error(`\n[scrapper] "${cmd} ${args.join(' ')}" exited with ${res.status ?? res.signal}`);
    process.exit(res.status ?? 1);
  }
}

async function ensureSystemTools() {
  let missing = TOOLS.filter((t) => t.modes.includes(mode)).filter(
    (t) => !(t.present ? t.present() : onPath(process.env[t.env] || t.name)),
  );
  if (mode === 'start' && missing.some((t) => t.name === 'yt-dlp') && (await workerCanManageYtDlp())) {
    missing = missing.filter((t) => t.name !== 'yt-dlp');
  }
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((t) => t.apt))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.error(
      `[scrapper] missing system tools: ${missing.map((t) => t.name).join(', ')}.\n` +
        `Install them (Debian/Ubuntu: sudo apt-get install -y ${packages.join(' ')}) ` +
        `or point ${missing.map((t) => t.env).join(', ')} at them, then run this again.`,
    );
    process.exit(1);
  }
  console.log(`[scrapper] installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

function pnpm(args, opts) {
  run('npx', ['--yes', PNPM, ...args], opts);
}

await ensureSystemTools();
pnpm(['install', ...(existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [])]);

if (mode === 'test') {
  pnpm(['run', 'ci']);
  process.exit(0);
}

// The web app, and the browser extension members download from GET /api/extension/package.
pnpm(['turbo', 'run', 'build', '--filter=@scrapper/web', '--filter=@scrapper/extension']);
// Hand over to the launcher on Node 24 and pass our signals on, so Ctrl-C and SIGTERM stop
// the API, the worker and the database cleanly.
// The real binary, not node_modules/.bin/node: that is a shell wrapper that does not exec,
// so signals sent to it would never reach the launcher.
const node24 = join(root, 'node_modules', 'node', 'bin', 'node');
const child = spawn(node24, ['--disable-warning=ExperimentalWarning', 'apps/launcher/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => child.kill(sig));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
