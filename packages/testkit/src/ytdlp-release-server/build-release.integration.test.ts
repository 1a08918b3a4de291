// The release builds of the yt-dlp installed here: the package is zipped once per source, each
// build adds its own version and entry point to a copy, and every build runs as its version.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildYtDlpRelease } from './build-release.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'build-release-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('buildYtDlpRelease', () => {
  it('zips the package once: later builds reuse that base and still run as their own version', async () => {
    await buildYtDlpRelease({ version: '2026.11.20', outFile: join(dir, 'first') });
    const bases = (await readdir(tmpdir())).filter((name) => /^scrapper-ytdlp-base-[0-9a-f]{16}\.zip$/.test(name));
    expect(bases.length).toBeGreaterThanOrEqual(1);
    const before = await Promise.all(bases.map(async (name) => (await stat(join(tmpdir(), name))).mtimeMs));

    await buildYtDlpRelease({ version: '2025.05.01', outFile: join(dir, 'second') });
    const after = await Promise.all(bases.map(async (name) => (await stat(join(tmpdir(), name))).mtimeMs));
    expect(after).toEqual(before);
    // Nothing left beside the builds.
    expect((await readdir(dir)).sort()).toEqual(['first', 'second']);
    for (const [file, version] of [['first', '2026.11.20'], ['second', '2025.05.01']] as const) {
      const { stdout } = await run(join(dir, file), ['--version']);
      expect(stdout.trim()).toBe(version);
    }
  });
});
