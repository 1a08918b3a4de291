import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMedia } from './generate-media.ts';

export interface MediaLease {
  dir: string;
  /** Gives the lease back; the folder is removed when the last lease of a process is released. */
  release(): Promise<void>;
}

interface SharedMedia {
  ffmpeg: string;
  dir: Promise<string>;
  leases: number;
}

/**
 * Set by the run's global setup (global-setup.ts): one set generated for the whole test run, with
 * this ffmpeg. Servers asking for that ffmpeg use it as it is and leave it to the teardown.
 */
export const RUN_MEDIA_DIR_ENV = 'SCRAPPER_TEST_MEDIA_DIR';
export const RUN_MEDIA_FFMPEG_ENV = 'SCRAPPER_TEST_MEDIA_FFMPEG';

// Several servers in one test file share one generated set: generating is the slow part.
let shared: SharedMedia | undefined;

async function generateInto(ffmpeg: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'scrapper-media-'));
  try {
    await generateMedia(ffmpeg, dir);
    return dir;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export async function acquireMedia(ffmpeg: string): Promise<MediaLease> {
  const runDir = process.env[RUN_MEDIA_DIR_ENV];
  if (runDir && process.env[RUN_MEDIA_FFMPEG_ENV] === ffmpeg) return { dir: runDir, release: async () => {} };
  if (!shared || shared.ffmpeg !== ffmpeg) {
    // A different ffmpeg gets its own set; the previous one stays with its holders.
    shared = { ffmpeg, dir: generateInto(ffmpeg), leases: 0 };
  }
  const current = shared;
  current.leases += 1;
  let dir: string;
  try {
    dir = await current.dir;
  } catch (error) {
    current.leases -= 1;
    if (shared === current) shared = undefined;
    throw error;
  }
  let released = false;
  return {
    dir,
    async release() {
      if (released) return;
      released = true;
      current.leases -= 1;
      if (current.leases > 0) return;
      if (shared === current) shared = undefined;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
