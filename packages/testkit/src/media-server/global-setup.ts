// vitest globalSetup: the media server's files generated once for the whole run, not once per test
// file (ffmpeg's few seconds, times every file that starts a media server). Servers of the run
// that use the same ffmpeg serve this folder (see acquireMedia); the teardown removes it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMedia } from './generate-media.ts';
import { RUN_MEDIA_DIR_ENV, RUN_MEDIA_FFMPEG_ENV } from './media-cache.ts';

const FFMPEG = 'ffmpeg';
let dir: string | undefined;

export async function setup(): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), 'scrapper-run-media-'));
  await generateMedia(FFMPEG, dir);
  process.env[RUN_MEDIA_DIR_ENV] = dir;
  process.env[RUN_MEDIA_FFMPEG_ENV] = FFMPEG;
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
