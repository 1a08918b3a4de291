import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireMedia, RUN_MEDIA_DIR_ENV, RUN_MEDIA_FFMPEG_ENV } from './media-cache.ts';

describe('the run-wide media set', () => {
  const saved = { dir: process.env[RUN_MEDIA_DIR_ENV], ffmpeg: process.env[RUN_MEDIA_FFMPEG_ENV] };
  afterEach(() => {
    for (const [name, value] of [[RUN_MEDIA_DIR_ENV, saved.dir], [RUN_MEDIA_FFMPEG_ENV, saved.ffmpeg]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("is used as it is by the ffmpeg it was made with, generating nothing, and outlives every lease", async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'media-cache-test-'));
    try {
      await writeFile(join(runDir, 'clip-3s.mp4'), 'made by the global setup');
      process.env[RUN_MEDIA_DIR_ENV] = runDir;
      // An ffmpeg that does not exist: generating would fail, so passing proves nothing ran.
      process.env[RUN_MEDIA_FFMPEG_ENV] = '/nonexistent/ffmpeg';
      const [a, b] = await Promise.all([acquireMedia('/nonexistent/ffmpeg'), acquireMedia('/nonexistent/ffmpeg')]);
      expect([a.dir, b.dir]).toEqual([runDir, runDir]);
      await a.release();
      await b.release();
      expect(await readdir(runDir)).toEqual(['clip-3s.mp4']);
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  });

  it('is not used by another ffmpeg, which makes a set of its own', async () => {
    process.env[RUN_MEDIA_DIR_ENV] = '/nonexistent/run-media';
    process.env[RUN_MEDIA_FFMPEG_ENV] = 'ffmpeg';
    await expect(acquireMedia('/nonexistent/ffmpeg')).rejects.toThrow();
  });
});
