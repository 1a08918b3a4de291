// Issue 8, faults: yt-dlp and ffmpeg SIGKILLed in the middle of a job (found by pid among this
// process's children: the worker runs in the test process), as the OOM killer or an operator
// would. The attempt records a readable error, the job is retried and completes; nothing partial
// is left in storage or in the job folder; the history row ends right. With no retry left, the
// row fails with the same readable error. Each scenario prints `fault <name>: sent= failed=
// recovered= lost=` in jobs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { youtubeUploads } from '@scrapper/db/schema';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import type { TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { childProcesses, connectFakeChannel, queueUpload } from '../../test/fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished, until } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

let h: WorkerHarness;
let database: Database;
let media: MediaServer;
let google: FakeGoogle;
let dataDir: string;
let testStorage: TestStorage;
let worker: RunningWorker;
let ownerId: string;
let accountId: string;
let counter = 0;

async function queueDownload(url: string): Promise<string> {
  counter++;
  const { row } = await insertOrJoinDownload(database.db, {
    ownerId,
    platform: 'tiktok',
    sourceItemId: `killed-${counter}`,
    sourceUrl: `${url}?n=${counter}`,
    directUrl: null,
    resultFileName: null,
    title: `Video ${counter}`,
    author: 'kreator',
    quality: 'best',
    batchId: null,
    item: {},
  });
  await enqueue(worker.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
  return row.id;
}

/** The job's first failed attempt: its error as pg-boss keeps it while the job waits to retry. */
async function firstFailure(queue: string, key: string, value: string): Promise<string> {
  return until(`a failed attempt of ${queue}`, async () => {
    const [job] = await database.sql<{ retry_count: number; state: string; output: { message?: string } | null }[]>`
      select retry_count, state, output from pgboss.job where name = ${queue} and data->>${key} = ${value}`;
    return job && (job.retry_count > 0 || job.state === 'failed') && job.output?.message ? job.output.message : undefined;
  }, 60_000, 50);
}

/** Waits for a child whose command line has all of `parts`, lets it work a moment, kills it. */
async function killChild(parts: string[], ready: () => boolean, program?: string): Promise<number> {
  const child = await until(`a child ${parts.join(' ')}`, () => {
    const [found] = childProcesses(parts, program);
    return found && ready() ? found : undefined;
  }, 60_000, 25);
  process.kill(child.pid, 'SIGKILL');
  return child.pid;
}

function partFilesIn(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.part'));
}

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'faults-killed',
    poolMax: 4,
    // The slow URL trickles the 40 s clip at about 640 KiB/s: seconds, not milliseconds, to
    // find yt-dlp mid-download.
    media: { slowThrottle: { chunkBytes: 32 * 1024, intervalMs: 50 } },
    google: { channels: [{ id: 'UCkilled'.padEnd(24, 'x'), title: 'Kanal' }] },
    env: { WORKER_QUEUES: 'video.download,youtube.upload' },
  });
  ({ database, media, google, dataDir, testStorage } = h);
  ownerId = await h.insertUser('member');
  accountId = await connectFakeChannel(database, h.box, google, ownerId);
  worker = await h.startWorker();
  for (const queue of ['video.download', 'youtube.upload']) await worker.boss.updateQueue(queue, { retryDelay: 1, retryBackoff: true });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('yt-dlp killed mid-download', () => {
  it('records the reason, retries and completes; one stored file, no partial one', async () => {
    const id = await queueDownload(media.urls.slow);
    const jobDir = join(dataDir, 'tmp', 'downloads', id);
    // Killed once yt-dlp has part of the file on disk.
    await killChild(['yt-dlp', `n=${counter}`], () => partFilesIn(jobDir));
    const reason = await firstFailure('video.download', 'downloadId', id);
    const row = await downloadFinished(database, id);
    const stored = await testStorage.files(`downloads/${ownerId}/`);
    const lost = row.status === 'completed' ? 0 : 1;
    console.log(`fault ytdlp-killed: sent=1 failed=1 recovered=${1 - lost} lost=${lost} (attempt error ${JSON.stringify(reason)})`);
    expect(reason).toBe('yt-dlp dihentikan oleh sinyal SIGKILL.');
    expect([row.status, row.error]).toEqual(['completed', null]);
    expect(stored).toEqual([row.storageKey]);
    expect(row.sizeBytes).toBeGreaterThan(0);
    await until('the job folder to be removed', () => (existsSync(jobDir) ? undefined : true), 15_000);
  }, 120_000);

  it('with no retry left, fails the row with the readable reason and stores nothing', async () => {
    await worker.boss.updateQueue('video.download', { retryLimit: 0 });
    try {
      const id = await queueDownload(media.urls.slow);
      const jobDir = join(dataDir, 'tmp', 'downloads', id);
      await killChild(['yt-dlp', `n=${counter}`], () => partFilesIn(jobDir));
      const row = await downloadFinished(database, id);
      console.log(`fault ytdlp-killed-no-retry: sent=1 failed=1 recovered=0 lost=0 (row ${row.status}: ${JSON.stringify(row.error)})`);
      expect([row.status, row.error, row.storageKey]).toEqual(['failed', 'yt-dlp dihentikan oleh sinyal SIGKILL.', null]);
      expect((await testStorage.files(`downloads/${ownerId}/`)).filter((k) => k.includes(id))).toEqual([]);
      await until('the job folder to be removed', () => (existsSync(jobDir) ? undefined : true), 15_000);
    } finally {
      await worker.boss.updateQueue('video.download', { retryLimit: 3 });
    }
  }, 120_000);
});

// Rows reach their final state inside a job's try; the job folder goes in its finally, just
// after: the checks below wait for it rather than racing it.
describe('ffmpeg killed mid-render', () => {
  it('records the reason, retries and completes the upload with exactly one video', async () => {
    const videosBefore = google.uploads.length;
    const id = await queueUpload(database, worker.boss, { userId: ownerId, accountId, title: 'Efek terbunuh', sourceKind: 'url', sourceUrl: media.urls.clip40s, videoEffect: 'sepia' });
    const jobDir = join(dataDir, 'tmp', 'uploads', id);
    // ffmpeg renders the effect into the upload's job folder: killed once it has begun writing.
    await killChild([id], () => existsSync(join(jobDir, 'output.mp4')), 'ffmpeg');
    const reason = await firstFailure('youtube.upload', 'uploadId', id);
    const row = await until('the upload to finish', async () => {
      const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
      return r && (r.status === 'uploaded' || r.status === 'failed') ? r : undefined;
    }, 120_000);
    const lost = (row.status === 'uploaded' ? 0 : 1) + Math.abs(google.uploads.length - videosBefore - 1);
    console.log(`fault ffmpeg-killed: sent=1 failed=1 recovered=${row.status === 'uploaded' ? 1 : 0} lost=${lost} (attempt error ${JSON.stringify(reason)})`);
    expect(reason).toMatch(/^ffmpeg dihentikan oleh sinyal SIGKILL/);
    expect([row.status, row.errorMessage]).toEqual(['uploaded', null]);
    expect(google.uploads).toHaveLength(videosBefore + 1);
    await until('the job folder to be removed', () => (existsSync(jobDir) ? undefined : true), 15_000);
    expect(lost).toBe(0);
  }, 150_000);

  it('with no retry left, fails the upload with the readable reason', async () => {
    await worker.boss.updateQueue('youtube.upload', { retryLimit: 0 });
    try {
      const videosBefore = google.uploads.length;
      const id = await queueUpload(database, worker.boss, { userId: ownerId, accountId, title: 'Efek terbunuh lagi', sourceKind: 'url', sourceUrl: `${media.urls.clip40s}?again=1`, videoEffect: 'sepia' });
      await killChild([id], () => existsSync(join(dataDir, 'tmp', 'uploads', id, 'output.mp4')), 'ffmpeg');
      const row = await until('the upload to fail', async () => {
        const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
        return r && (r.status === 'uploaded' || r.status === 'failed') ? r : undefined;
      }, 120_000);
      console.log(`fault ffmpeg-killed-no-retry: sent=1 failed=1 recovered=0 lost=0 (row ${row.status}: ${JSON.stringify(row.errorMessage)})`);
      expect(row.status).toBe('failed');
      expect(row.errorMessage).toMatch(/^ffmpeg dihentikan oleh sinyal SIGKILL/);
      expect(google.uploads).toHaveLength(videosBefore);
      await until('the job folder to be removed', () => (existsSync(join(dataDir, 'tmp', 'uploads', id)) ? undefined : true), 15_000);
    } finally {
      await worker.boss.updateQueue('youtube.upload', { retryLimit: 5 });
    }
  }, 150_000);
});
