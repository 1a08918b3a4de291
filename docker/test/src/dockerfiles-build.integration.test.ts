// The images build, proven without a Docker engine: each Dockerfile's stages are laid out in
// folders with exactly what their COPY lines copy (through .dockerignore), and their pnpm RUNs
// run there: `pnpm install --frozen-lockfile` offline from the local store (a file the install
// needs and no COPY brings fails it, as patches/ once did) and the web build. Then what the
// image starts is started: its module graph must load in the image's files alone (an import
// of a package or a file no COPY brought fails), stopping only at the missing configuration.
// Not covered: the base images, apt packages and the yt-dlp download (install-yt-dlp.test.ts
// runs that script), which need a network.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDockerIgnore } from './dockerignore.ts';
import { dockerDir, pnpmCommand, pnpmStoreDir, readRepoFile, repoRoot, run } from './repo.ts';
import { simulateBuild, SimulationError, type StageResult } from './simulate-build.ts';

let workDir = '';
let storeDir = '';

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'scrapper-docker-test-'));
  storeDir = pnpmStoreDir();
});

afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

function build(name: string, options: { text?: string; target?: string } = {}): Promise<Map<string, StageResult>> {
  const text = options.text ?? readFileSync(join(dockerDir, name), 'utf8');
  return simulateBuild(text, {
    contextDir: repoRoot,
    ignore: readDockerIgnore(repoRoot),
    workDir: mkdtempSync(join(workDir, `${name}-`)),
    pnpm: pnpmCommand(),
    storeDir,
    ...(options.target ? { target: options.target } : {}),
  });
}

function runtimeOf(stages: Map<string, StageResult>): StageResult {
  const last = [...stages.values()].at(-1);
  if (!last) throw new Error('no stage');
  return last;
}

/**
 * Starts what the image's CMD starts, in the image's files, with no configuration: ESM links the
 * whole static import graph before any code runs, so reaching the configuration error proves
 * every import resolves inside the image.
 */
async function startWithoutConfiguration(runtime: StageResult, args: string[]): Promise<{ status: number | null; output: string }> {
  const [program, ...rest] = args;
  expect(program).toBe('node');
  const result = await run(process.execPath, rest, { cwd: join(runtime.root, runtime.workdir), env: imageEnv(runtime), timeoutMs: 60_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** The image's ENV and nothing of this machine's configuration (PATH and HOME for the tools). */
function imageEnv(runtime: StageResult): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...runtime.env, DATA_DIR: join(runtime.root, 'data') };
}

const MODULE_NOT_FOUND = /ERR_MODULE_NOT_FOUND|Cannot find (module|package)|ERR_UNSUPPORTED_DIR_IMPORT/;

/** The Debian packages a stage's apt-get RUN installs. */
function aptPackages(runtime: StageResult): string[] {
  const run = runtime.stage.instructions.find((i) => i.kind === 'run' && i.command.startsWith('apt-get update'));
  if (run?.kind !== 'run') return [];
  return /--no-install-recommends ([a-z0-9 .+-]+) &&/.exec(run.command)?.[1]?.split(' ') ?? [];
}

describe('api.Dockerfile', () => {
  let stages: Map<string, StageResult>;
  beforeAll(async () => {
    stages = await build('api.Dockerfile');
  });

  it('installs (frozen lockfile, offline), builds the web app, and its runtime loads the API in its own files', async () => {
    const runtime = runtimeOf(stages);
    expect(runtime.stage.user).toBe('node');
    expect(existsSync(join(runtime.root, 'app/apps/web/dist/index.html'))).toBe(true);
    // GET /api/extension/package zips this folder: built in the image, not brought from the host.
    expect(existsSync(join(runtime.root, 'app/apps/extension/dist/manifest.json'))).toBe(true);
    expect(existsSync(join(runtime.root, 'app/packages/db/migrations'))).toBe(true);
    // The host's dependencies never come along: every node_modules is the image's own install.
    expect(existsSync(join(runtime.root, 'app/node_modules/.modules.yaml'))).toBe(true);
    const started = await startWithoutConfiguration(runtime, runtime.stage.cmd ?? []);
    expect(started.output).not.toMatch(MODULE_NOT_FOUND);
    expect(started.output).toContain('DATABASE_URL');
    expect(started.status).toBe(1);
  });

  it('has ffmpeg, python3 and a yt-dlp on PATH, as the API runs them', () => {
    const runtime = runtimeOf(stages);
    expect(aptPackages(runtime)).toEqual(expect.arrayContaining(['ffmpeg', 'python3', 'ca-certificates']));
    expect(statSync(join(runtime.root, 'usr/local/bin/yt-dlp')).mode & 0o111).not.toBe(0);
  });

  it('can run `pnpm secrets:rotate`: the script and everything it imports are in the image', async () => {
    const runtime = runtimeOf(stages);
    const manifest = JSON.parse(readFileSync(join(runtime.root, 'app/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const script = manifest.scripts?.['secrets:rotate'];
    expect(script, 'the root package.json has a secrets:rotate script').toBeDefined();
    const file = /\s(\S+\.ts)\b/.exec(script ?? '')?.[1] ?? '';
    expect(existsSync(join(runtime.root, 'app', file)), `${file} is in the API image`).toBe(true);
    const [command = 'node', ...args] = pnpmCommand();
    const result = await run(command, [...args, 'secrets:rotate'], { cwd: join(runtime.root, 'app'), env: imageEnv(runtime), timeoutMs: 120_000 });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).not.toMatch(MODULE_NOT_FOUND);
    expect(output).toMatch(/DATABASE_URL|SECRETS_KEY/);
    expect(result.status).not.toBe(0);
  });
});

describe('worker.Dockerfile', () => {
  let stages: Map<string, StageResult>;
  beforeAll(async () => {
    stages = await build('worker.Dockerfile');
  });

  it('installs (frozen lockfile, offline, production only) and its runtime loads the worker in its own files', async () => {
    const runtime = runtimeOf(stages);
    expect(runtime.stage.user).toBe('node');
    expect(existsSync(join(runtime.root, 'app/packages/db/migrations'))).toBe(true);
    const started = await startWithoutConfiguration(runtime, runtime.stage.cmd ?? []);
    expect(started.output).not.toMatch(MODULE_NOT_FOUND);
    expect(started.output).toContain('DATABASE_URL');
    expect(started.status).toBe(1);
  });

  it('has ffmpeg, python3 and a yt-dlp on PATH', () => {
    const runtime = runtimeOf(stages);
    expect(aptPackages(runtime)).toEqual(expect.arrayContaining(['ffmpeg', 'python3', 'ca-certificates']));
    expect(statSync(join(runtime.root, 'usr/local/bin/yt-dlp')).mode & 0o111).not.toBe(0);
  });
});

describe('web.Dockerfile', () => {
  it('installs, builds the web app and puts it where nginx serves it, with the rendered template', async () => {
    const runtime = runtimeOf(await build('web.Dockerfile'));
    expect(existsSync(join(runtime.root, 'usr/share/nginx/html/index.html'))).toBe(true);
    expect(existsSync(join(runtime.root, 'etc/nginx/templates/default.conf.template'))).toBe(true);
    expect(existsSync(join(runtime.root, 'etc/nginx/security-headers.conf'))).toBe(true);
    expect(statSync(join(runtime.root, 'docker-entrypoint.d/15-scrapper-limits.envsh')).mode & 0o111).not.toBe(0);
  });
});

describe('the simulation catches a missing file', () => {
  it('fails the install when no COPY brings patches/ (the lockfile names patches/postgres@3.4.9.patch)', async () => {
    const text = readFileSync(join(dockerDir, 'worker.Dockerfile'), 'utf8');
    expect(text).toMatch(/^COPY patches patches$/m);
    const broken = text.replace(/^COPY patches patches\n/m, '');
    await expect(build('worker.Dockerfile', { text: broken, target: 'prod-deps' })).rejects.toThrow(/patches\/postgres@3\.4\.9\.patch/);
  });

  it('refuses a COPY of something .dockerignore drops', async () => {
    const text = 'FROM node:24 AS a\nWORKDIR /app\nCOPY apps/web/node_modules nm\n';
    await expect(build('x.Dockerfile', { text })).rejects.toThrow(SimulationError);
  });

  it('refuses a RUN it does not know instead of skipping it', async () => {
    const text = 'FROM node:24 AS a\nRUN curl -fsSL https://example.com/x | sh\n';
    await expect(build('y.Dockerfile', { text })).rejects.toThrow(/does not know this command/);
  });
});

it('the root package.json, lockfile and workspace file the images copy are the ones in the repository', () => {
  // A sanity check of the context itself: pnpm-workspace.yaml names patches/ and they exist.
  const workspace = readRepoFile('pnpm-workspace.yaml');
  for (const match of workspace.matchAll(/:\s*(patches\/\S+)/g)) expect(existsSync(join(repoRoot, match[1] ?? ''))).toBe(true);
});
