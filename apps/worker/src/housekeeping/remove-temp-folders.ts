import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { jobCatalog, type JobPayload, type QueueName } from '@scrapper/contracts/jobs';
import type { Db } from '@scrapper/db/client';
import { listIdsOfUnfinishedJobs } from '@scrapper/db/queries/housekeeping';

type IdField<Q extends QueueName> = keyof JobPayload<Q> & string;

/** The job folders under the worker's temp folder, each named after the id its job carries. */
export const JOB_FOLDERS = [
  { folder: 'downloads', queue: 'video.download', field: 'downloadId' satisfies IdField<'video.download'> },
  { folder: 'previews', queue: 'video.preview', field: 'previewId' satisfies IdField<'video.preview'> },
  { folder: 'uploads', queue: 'youtube.upload', field: 'uploadId' satisfies IdField<'youtube.upload'> },
] as const;

/**
 * A job folder is removed only when nothing was created in it for this long, as well as its job
 * being over: a job started again a moment ago on a leftover folder (a failed preview asked for
 * again) has written into it by then. The job's state is what decides; this only closes the
 * moment between reading the state and removing.
 */
export const JOB_FOLDER_QUIET_SECONDS = 10 * 60;

/**
 * Folders made for one call, not named after a job: yt-dlp's working folders
 * (`scrapper-yt-dlp-*`, `scrapper-audio-lookup-*`, at the temp root) and the API's effect
 * previews (`previews/preview-*`, DATA_DIR/tmp/previews on one machine). No call outlives the
 * longest job expiry, so a folder untouched for longer than that (plus an hour) is a leftover
 * of a process that was killed.
 */
export const LOOSE_FOLDER_SECONDS = Math.max(...Object.values(jobCatalog).map((q) => q.policy.expireInSeconds)) + 3600;
const LOOSE_AT_ROOT = /^scrapper-(yt-dlp|audio-lookup)-/;
const LOOSE_IN_JOB_FOLDER: Partial<Record<(typeof JOB_FOLDERS)[number]['folder'], RegExp>> = { previews: /^preview-/ };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TempFoldersRemoved {
  removed: number;
  bytes: number;
}

interface Entry {
  path: string;
  name: string;
  modifiedAt: number;
}

/** The folders directly in `dir` (never a symlink: it is not followed, nor removed). */
async function folders(dir: string): Promise<Entry[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const out: Entry[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    const stats = await lstat(path).catch(() => undefined);
    if (stats?.isDirectory()) out.push({ path, name: entry.name, modifiedAt: stats.mtimeMs });
  }
  return out;
}

/** Bytes of the files below `dir` (symlinks count as themselves, not their targets). */
async function sizeOf(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stats = await lstat(join(entry.parentPath, entry.name)).catch(() => undefined);
    total += stats?.size ?? 0;
  }
  return total;
}

async function remove(entry: Entry, result: TempFoldersRemoved): Promise<void> {
  const bytes = await sizeOf(entry.path);
  await rm(entry.path, { recursive: true, force: true });
  result.removed += 1;
  result.bytes += bytes;
}

/**
 * Removes what killed jobs left in the worker's temp folder (DATA_DIR/tmp): job folders whose
 * job pg-boss no longer has to run (completed, failed, cancelled or deleted; a job still queued,
 * retrying or active on any worker keeps its folder), and loose working folders past any job's
 * lifetime. The temp folder is the machine's own: a sweep clears the folder of the worker that
 * runs it (on one machine, or a shared DATA_DIR, that is all of them).
 */
export async function removeTempFolders(db: Db, tempDir: string, now = Date.now()): Promise<TempFoldersRemoved> {
  const result: TempFoldersRemoved = { removed: 0, bytes: 0 };
  const looseBefore = now - LOOSE_FOLDER_SECONDS * 1000;
  const quietBefore = now - JOB_FOLDER_QUIET_SECONDS * 1000;

  for (const kind of JOB_FOLDERS) {
    const entries = await folders(join(tempDir, kind.folder));
    const loose = LOOSE_IN_JOB_FOLDER[kind.folder];
    for (const entry of entries) {
      if (loose?.test(entry.name) && entry.modifiedAt < looseBefore) await remove(entry, result);
    }
    // Listed before the states are read: a folder made after this listing is not touched.
    const candidates = entries.filter((e) => UUID.test(e.name) && e.modifiedAt < quietBefore);
    const running = await listIdsOfUnfinishedJobs(
      db,
      kind.queue,
      kind.field,
      candidates.map((e) => e.name.toLowerCase()),
    );
    for (const entry of candidates) {
      if (!running.has(entry.name.toLowerCase())) await remove(entry, result);
    }
  }
  for (const entry of await folders(tempDir)) {
    if (LOOSE_AT_ROOT.test(entry.name) && entry.modifiedAt < looseBefore) await remove(entry, result);
  }
  return result;
}
