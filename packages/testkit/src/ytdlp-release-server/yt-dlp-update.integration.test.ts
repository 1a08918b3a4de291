// The managed yt-dlp's update check (integrations' yt-dlp-manager) against the release server:
// real builds of yt-dlp with chosen versions, real downloads from the media server, and every
// fault the issue names. After each fault the old copy is still the managed copy, byte for byte,
// and nothing else is left in the tools folder.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYtDlp, formatForQuality, runYtDlp } from '@scrapper/integrations/yt-dlp';
import { locateYtDlp, managedYtDlpPath, ytDlpPicker } from '@scrapper/integrations/yt-dlp-manager/locate';
import { findProgram, jsRuntimeOf, readYtDlpVersion } from '@scrapper/integrations/yt-dlp-manager/program';
import { updateManagedYtDlp, type UpdateManagedOptions } from '@scrapper/integrations/yt-dlp-manager/update-managed';
import { startMediaServer, type MediaServer } from '../media-server/start-media-server.ts';
import { startYtDlpReleaseServer, type ReleaseScenario, type YtDlpReleaseServer } from './start-ytdlp-release-server.ts';

const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const NODE_RUNTIME = `node:${process.execPath}`;

let media: MediaServer;
let releases: YtDlpReleaseServer;
let root: string;
let runs = 0;

beforeAll(async () => {
  [media, releases] = await Promise.all([startMediaServer({ ffmpeg: FFMPEG }), startYtDlpReleaseServer()]);
  root = await mkdtemp(join(tmpdir(), 'yt-dlp-update-'));
});
afterAll(async () => {
  await media?.close();
  await releases?.close();
  await rm(root, { recursive: true, force: true });
});

/** A fresh DATA_DIR/tools (not created yet: the first update makes it). */
function freshTools(): string {
  runs += 1;
  return join(root, `data-${runs}`, 'tools');
}

function check(toolsDir: string, overrides: Partial<UpdateManagedOptions> = {}) {
  return updateManagedYtDlp({
    releaseUrl: releases.baseUrl,
    toolsDir,
    arch: 'x64',
    platform: 'linux',
    timeouts: { responseMs: 2000, idleMs: 1500, totalMs: 20_000 },
    versionTimeoutMs: 20_000,
    ...overrides,
  });
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

async function lines(path: string): Promise<string[][]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}

/** Downloads the 3 s clip with whatever yt-dlp the tools folder resolves to. */
async function downloadWith(toolsDir: string): Promise<{ sizeBytes: number; ext: string }> {
  const job = join(root, `job-${++runs}`);
  const temp = join(root, `temp-${runs}`);
  await mkdir(temp);
  const ytDlp = createYtDlp({
    binary: ytDlpPicker({ pinnedPath: undefined, toolsDir, searchPath: '/nonexistent' }),
    ffmpegLocation: (await findProgram(FFMPEG)) ?? FFMPEG,
    allowPrivateNetwork: true,
    tempRoot: temp,
  });
  const result = await ytDlp.download({ url: media.urls.clip3s, outputDir: job, format: formatForQuality('best'), maxFilesizeBytes: 50_000_000, socketTimeoutSecs: 10 });
  return { sizeBytes: result.sizeBytes, ext: result.ext };
}

/** Installs `version` as the managed copy of a fresh tools folder; returns the folder and its hash. */
async function installed(version: string, argvLog?: string): Promise<{ toolsDir: string; sha: string }> {
  releases.setScenario('normal');
  await releases.publish(version, { argvLog });
  const toolsDir = freshTools();
  const first = await check(toolsDir);
  expect(first).toMatchObject({ outcome: 'updated', fromVersion: null, toVersion: version });
  return { toolsDir, sha: await sha256(managedYtDlpPath(toolsDir)) };
}

/** The fault left the old copy in place (same bytes, still runs) and nothing else. */
async function expectOldCopyStays(toolsDir: string, sha: string, version: string): Promise<void> {
  expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
  expect(await sha256(managedYtDlpPath(toolsDir))).toBe(sha);
  expect((await stat(managedYtDlpPath(toolsDir))).mode & 0o777).toBe(0o755);
  expect(await readYtDlpVersion(managedYtDlpPath(toolsDir))).toBe(version);
}

describe('a good release', () => {
  it('is downloaded, verified, run and installed; downloads then use it with --js-runtimes; the next check finds it current', async () => {
    const argvLog = join(root, 'happy-argv.log');
    releases.setScenario('normal');
    releases.clearRequests();
    const published = await releases.publish('2026.11.20', { argvLog });
    const toolsDir = freshTools();
    expect(await locateYtDlp({ pinnedPath: undefined, toolsDir, searchPath: '/nonexistent' })).toEqual({ source: 'missing', path: null });

    const result = await check(toolsDir);
    expect(result).toEqual({
      outcome: 'updated',
      fromVersion: null,
      toVersion: '2026.11.20',
      latestVersion: '2026.11.20',
      offeredSha256: published.sha256,
      message: 'yt-dlp 2026.11.20 terpasang sebagai salinan terkelola.',
    });
    expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
    expect(await sha256(managedYtDlpPath(toolsDir))).toBe(published.sha256);
    expect(await locateYtDlp({ pinnedPath: undefined, toolsDir, searchPath: '/nonexistent' })).toEqual({ source: 'managed', path: managedYtDlpPath(toolsDir) });
    // The redirect to the asset URL was followed, as GitHub's is.
    expect(releases.requests.map((r) => r.status)).toEqual([200, 302, 200]);

    const file = await downloadWith(toolsDir);
    expect(file.ext).toBe('mp4');
    expect(file.sizeBytes).toBeGreaterThan(10_000);
    const download = (await lines(argvLog)).find((argv) => argv.includes('--'));
    expect(download?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);
    expect(download?.at(-1)).toBe(media.urls.clip3s);

    const again = await check(toolsDir);
    expect(again).toMatchObject({ outcome: 'current', fromVersion: '2026.11.20', toVersion: '2026.11.20', latestVersion: '2026.11.20' });
    expect(releases.completedDownloads()).toBe(1);
  });

  it('a newer release replaces the managed copy; a run after the swap is the new program', async () => {
    const argvLog = join(root, 'swap-argv.log');
    const { toolsDir } = await installed('2025.10.22', argvLog);
    await downloadWith(toolsDir);
    // 2025.10.22 does not know --js-runtimes: none was passed, and the download worked.
    expect((await lines(argvLog)).filter((argv) => argv.includes('--')).map((argv) => argv.includes('--js-runtimes'))).toEqual([false]);
    await releases.publish('2026.11.20.123456', { argvLog });
    expect(await check(toolsDir)).toMatchObject({ outcome: 'updated', fromVersion: '2025.10.22', toVersion: '2026.11.20.123456', message: 'yt-dlp diperbarui dari 2025.10.22 ke 2026.11.20.123456.' });
    await rm(argvLog, { force: true });
    await downloadWith(toolsDir);
    const after = await lines(argvLog);
    // The new file's version is asked (a new file at the same path), then it runs with the flag.
    expect(after[0]).toEqual(['--ignore-config', '--version']);
    expect(after.find((argv) => argv.includes('--'))?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);
  });
});

describe("the JS runtime gate on the real program", () => {
  it("Debian's yt-dlp 2023.03.04 gets no flag (it would refuse it) and still downloads", async () => {
    const debian = await findProgram(process.env['YTDLP_SOURCE_PATH'] ?? 'yt-dlp');
    expect(debian).toBeDefined();
    const path = debian ?? '';
    expect(await readYtDlpVersion(path)).toBe('2023.03.04');
    expect(await jsRuntimeOf(path)).toMatchObject({ value: undefined, version: '2023.03.04' });
    // Why the gate matters: this yt-dlp stops on the option with "no such option" (exit 2).
    const forced = spawnSync(path, ['--ignore-config', '--js-runtimes', NODE_RUNTIME, '--simulate', '--', media.urls.clip3s], { encoding: 'utf8' });
    expect(forced.status).toBe(2);
    expect(forced.stderr).toMatch(/no such option: --js-runtimes/);
    const toolsDir = freshTools();
    const system = createYtDlp({ binary: path, ffmpegLocation: (await findProgram(FFMPEG)) ?? FFMPEG, allowPrivateNetwork: true, tempRoot: root });
    const result = await system.download({ url: media.urls.clip3s, outputDir: join(toolsDir, '..', 'job'), format: formatForQuality('best'), maxFilesizeBytes: 50_000_000, socketTimeoutSecs: 10 });
    expect(result.sizeBytes).toBeGreaterThan(10_000);
  });

  it('a build of 2025.11.12 accepts the flag it gets and passes it on; a bad runtime name would stop it', async () => {
    const argvLog = join(root, 'gate-argv.log');
    const { toolsDir } = await installed('2025.11.12', argvLog);
    const outcome = await runYtDlp({
      binary: managedYtDlpPath(toolsDir),
      args: ['--ignore-config', '--simulate', '--print', 'title', '--', media.urls.clip3s],
      home: root,
      signal: AbortSignal.timeout(30_000),
      killGraceMs: 500,
      onStdoutLine: () => undefined,
    });
    expect(outcome.exitCode).toBe(0);
    expect((await lines(argvLog)).at(-1)?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);
    const bad = spawnSync(managedYtDlpPath(toolsDir), ['--js-runtimes', 'rhino', '--simulate', '--', media.urls.clip3s], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
  });
});

describe('faults: the old copy stays, nothing half-written remains', () => {
  const faults: Array<[ReleaseScenario, 'failed' | 'offline', RegExp]> = [
    ['corrupt', 'failed', /ditolak: checksum SHA-256 yt-dlp_linux tidak cocok dengan SHA2-256SUMS \(diharapkan [0-9a-f]{12}…, didapat [0-9a-f]{12}…\)/],
    ['truncated', 'failed', /gagal: sambungan ke server rilis terputus/],
    ['hang', 'failed', /gagal: server rilis berhenti mengirim selama 2 detik/],
    ['hang-sums', 'failed', /Pemeriksaan pembaruan yt-dlp gagal: server rilis tidak menjawab dalam 2 detik/],
    ['not-found', 'failed', /Pemeriksaan pembaruan yt-dlp gagal: server rilis menjawab HTTP 404 untuk SHA2-256SUMS/],
    ['asset-not-found', 'failed', /Pembaruan yt-dlp gagal: server rilis menjawab HTTP 404 untuk yt-dlp_linux/],
    ['server-error', 'failed', /Pemeriksaan pembaruan yt-dlp gagal: server rilis menjawab HTTP 500 untuk SHA2-256SUMS/],
    ['does-not-run', 'failed', /ditolak: rilis baru tidak dapat dijalankan \(keluar dengan kode 1: this release is broken\)/],
    ['not-a-program', 'failed', /ditolak: rilis baru tidak dapat dijalankan/],
  ];

  it.each(faults)('%s -> %s', async (scenario, outcome, message) => {
    const { toolsDir, sha } = await installed('2025.09.01');
    await releases.publish('2026.11.20');
    releases.setScenario(scenario);
    const started = Date.now();
    const result = await check(toolsDir, scenario === 'hang' ? { timeouts: { responseMs: 2000, idleMs: 2000, totalMs: 20_000 } } : {});
    releases.setScenario('normal');
    expect(result).toMatchObject({ outcome, fromVersion: '2025.09.01', toVersion: '2025.09.01' });
    expect(result.message).toMatch(message);
    expect(result.message).toMatch(/yt-dlp 2025\.09\.01 yang ada tetap dipakai\.$/);
    expect(Date.now() - started).toBeLessThan(15_000);
    await expectOldCopyStays(toolsDir, sha, '2025.09.01');
    // And it still downloads.
    expect((await downloadWith(toolsDir)).sizeBytes).toBeGreaterThan(10_000);
  });

  it('a first install that fails leaves no managed copy and no file at all', async () => {
    await releases.publish('2026.11.20');
    releases.setScenario('corrupt');
    const toolsDir = freshTools();
    const result = await check(toolsDir);
    releases.setScenario('normal');
    expect(result).toMatchObject({ outcome: 'failed', fromVersion: null, toVersion: null });
    expect(result.message).toMatch(/Belum ada yt-dlp terkelola/);
    expect(await readdir(toolsDir)).toEqual([]);
  });

  it('no server at all (connection refused): offline, the old copy stays', async () => {
    const { toolsDir, sha } = await installed('2025.09.01');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const result = await check(toolsDir, { releaseUrl: `http://127.0.0.1:${port}/download` });
    expect(result).toMatchObject({ outcome: 'offline', fromVersion: '2025.09.01', latestVersion: null });
    expect(result.message).toBe('Tidak dapat memeriksa pembaruan yt-dlp: server rilis tidak terjangkau (ECONNREFUSED). yt-dlp 2025.09.01 yang ada tetap dipakai.');
    await expectOldCopyStays(toolsDir, sha, '2025.09.01');
  });

  it('no DNS (no internet): offline', async () => {
    const result = await check(freshTools(), { releaseUrl: 'http://release.invalid/download' });
    expect(result.outcome).toBe('offline');
    expect(result.message).toMatch(/server rilis tidak terjangkau \((ENOTFOUND|EAI_AGAIN)\)/);
  });

  it('a full disk (a real tmpfs) during the download: failed, the old copy stays, no partial file', async (context) => {
    const dataDir = join(root, `full-${++runs}`);
    const toolsDir = join(dataDir, 'tools');
    await mkdir(toolsDir, { recursive: true });
    releases.setScenario('normal');
    const old = await releases.publish('2025.09.01');
    // Room for the old copy and a little more, not for a second build beside it.
    const size = Math.ceil((old.bytes + 512 * 1024) / 4096) * 4096;
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', toolsDir]);
    if (mount.status !== 0) {
      console.log(`full disk: skipped, no tmpfs (${mount.stderr?.toString().trim() || 'mount unavailable'})`);
      context.skip();
      return;
    }
    try {
      expect(await check(toolsDir)).toMatchObject({ outcome: 'updated', toVersion: '2025.09.01' });
      const sha = await sha256(managedYtDlpPath(toolsDir));
      await releases.publish('2026.11.20');
      const result = await check(toolsDir);
      expect(result).toMatchObject({ outcome: 'failed', fromVersion: '2025.09.01' });
      expect(result.message).toBe(`Pembaruan yt-dlp gagal: disk penuh di ${toolsDir}. yt-dlp 2025.09.01 yang ada tetap dipakai.`);
      await expectOldCopyStays(toolsDir, sha, '2025.09.01');
      expect((await downloadWith(toolsDir)).sizeBytes).toBeGreaterThan(10_000);
    } finally {
      spawnSync('umount', [toolsDir]);
    }
  });

  it('leftovers of a crashed check are removed by the next one', async () => {
    const { toolsDir } = await installed('2025.09.01');
    const leftover = join(toolsDir, '.yt-dlp-crashed.download');
    spawnSync('sh', ['-c', `head -c 1000 /dev/zero > '${leftover}' && touch -d '2 hours ago' '${leftover}'`]);
    await releases.publish('2026.11.20');
    expect(await check(toolsDir, { timeouts: { responseMs: 2000, idleMs: 1500, totalMs: 60_000 } })).toMatchObject({ outcome: 'updated' });
    expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
  });

  it('a machine with no standalone build (not linux x64/arm64) skips', async () => {
    expect(await check(freshTools(), { platform: 'darwin', arch: 'arm64' })).toMatchObject({ outcome: 'skipped' });
  });
});
