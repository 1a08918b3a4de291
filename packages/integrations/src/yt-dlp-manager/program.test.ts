// The program side of the JS runtime gate against a stand-in yt-dlp (a node script that prints a
// chosen version and records every argv). Real yt-dlp builds on both sides of the gate run in
// testkit's yt-dlp-update.integration.test.ts.
import { chmod, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createYtDlp, formatForQuality, runYtDlp } from '../yt-dlp/index.ts';
import { findProgram, jsRuntimeOf, probeYtDlpVersion, readYtDlpVersion } from './program.ts';

let dir: string;
let log: string;

function fakeSource(version: string, versionExit = 0): string {
  return [
    `#!${process.execPath}`,
    `const fs = require('node:fs');`,
    `const argv = process.argv.slice(2);`,
    `fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(argv) + '\\n');`,
    `if (argv.includes('--version')) { process.stdout.write(${JSON.stringify(`${version}\n`)}); process.exit(${versionExit}); }`,
    `process.stderr.write('ERROR: Unsupported URL: ' + argv.at(-1) + '\\n');`,
    `process.exit(1);`,
  ].join('\n');
}

/** Installs a stand-in like the updater does: a new file renamed over the old one. */
async function install(name: string, version: string, versionExit = 0): Promise<string> {
  const path = join(dir, name);
  const staged = `${path}.new`;
  await writeFile(staged, fakeSource(version, versionExit));
  await chmod(staged, 0o755);
  await rename(staged, path);
  return path;
}

async function runs(): Promise<string[][]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  await rm(log, { force: true });
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'yt-dlp-program-'));
  log = join(dir, 'argv.log');
});
// Each test reads only the runs it made (a test may end with a probe it does not read back).
beforeEach(async () => {
  await rm(log, { force: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (binary: string | (() => Promise<string>)) =>
  runYtDlp({ binary, args: ['--ignore-config', '--', 'https://example.com/x'], home: dir, signal: new AbortController().signal, killGraceMs: 100, onStdoutLine: () => undefined });

describe('the JS runtime on every run, by the program version', () => {
  it('2025.11.12 and later: every run starts with --js-runtimes node:<this Node>; the version is asked once', async () => {
    const binary = await install('new-yt-dlp', '2025.11.12');
    await run(binary);
    await run(binary);
    const seen = await runs();
    expect(seen).toEqual([
      ['--ignore-config', '--version'],
      ['--js-runtimes', `node:${process.execPath}`, '--ignore-config', '--', 'https://example.com/x'],
      ['--js-runtimes', `node:${process.execPath}`, '--ignore-config', '--', 'https://example.com/x'],
    ]);
  });

  it('older (2025.11.11.235959 nightly): no flag at all', async () => {
    const binary = await install('old-yt-dlp', '2025.11.11.235959');
    await run(binary);
    expect((await runs()).at(-1)).toEqual(['--ignore-config', '--', 'https://example.com/x']);
  });

  it('a program whose --version fails or prints no version gets no flag, and is asked again next time', async () => {
    const binary = await install('odd-yt-dlp', 'whatever', 3);
    await run(binary);
    await run(binary);
    expect(await runs()).toEqual([
      ['--ignore-config', '--version'],
      ['--ignore-config', '--', 'https://example.com/x'],
      ['--ignore-config', '--version'],
      ['--ignore-config', '--', 'https://example.com/x'],
    ]);
    expect(await probeYtDlpVersion(binary)).toMatchObject({ ok: false, exitCode: 3 });
  });

  it('a copy swapped in at the same path is read again (a new file), and gets the flag from then on', async () => {
    const binary = await install('swapped-yt-dlp', '2023.03.04');
    await run(binary);
    expect((await runs()).at(-1)?.[0]).toBe('--ignore-config');
    await install('swapped-yt-dlp', '2026.11.20.123456');
    expect(await readYtDlpVersion(binary)).toBe('2026.11.20.123456');
    await run(binary);
    expect((await runs()).at(-1)?.slice(0, 2)).toEqual(['--js-runtimes', `node:${process.execPath}`]);
    expect(await jsRuntimeOf(binary)).toMatchObject({ version: '2026.11.20.123456', value: `node:${process.execPath}` });
  });

  it('the program may be picked per run (a function), and the adapters pass the flag on download and probe', async () => {
    const fresh = await install('picked-yt-dlp', '2025.12.01');
    const ytDlp = createYtDlp({ binary: async () => fresh, allowPrivateNetwork: true, tempRoot: dir });
    await ytDlp.probe({ url: 'https://example.com/a', socketTimeoutSecs: 5 }).catch(() => undefined);
    await ytDlp
      .download({ url: 'https://example.com/b', outputDir: join(dir, 'out'), format: formatForQuality('best'), maxFilesizeBytes: 1000, socketTimeoutSecs: 5 })
      .catch(() => undefined);
    const seen = (await runs()).filter((argv) => !argv.includes('--version'));
    expect(seen).toHaveLength(2);
    for (const argv of seen) expect(argv.slice(0, 2)).toEqual(['--js-runtimes', `node:${process.execPath}`]);
  });
});

describe('findProgram', () => {
  it('finds a bare name on the given PATH, a path as it is, and nothing that is not executable', async () => {
    const binary = await install('yt-dlp', '2025.11.12');
    expect(await findProgram('yt-dlp', `/nonexistent:${dir}`)).toBe(binary);
    expect(await findProgram(binary)).toBe(binary);
    await writeFile(join(dir, 'plain'), 'x');
    expect(await findProgram('plain', dir)).toBeUndefined();
    expect(await findProgram('yt-dlp', 'relative/dir')).toBeUndefined();
  });
});
