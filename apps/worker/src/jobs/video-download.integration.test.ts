// Downloads and previews with the real yt-dlp and ffmpeg, fetching media that the testkit's
// media server generates, on real PostgreSQL and pg-boss.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREVIEW_FORMAT } from '@scrapper/contracts/http/actor-configs';
import { linkTitle } from '@scrapper/contracts/rules/readable-file-name';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { replaceCookieSets } from '@scrapper/db/queries/cookie-sets';
import { setPlatformRateLimit } from '@scrapper/db/queries/platform-rate-limits';
import { cancelBatchDownloads, insertDownloadBatch } from '@scrapper/db/queries/download-batches';
import { findDownload, insertOrJoinDownload, type NewDownload } from '@scrapper/db/queries/downloads';
import { findPreview, insertOrFindPreview } from '@scrapper/db/queries/previews';
import { downloads, notifications } from '@scrapper/db/schema';
import { eq } from 'drizzle-orm';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import type { TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished, until } from '../../test/waits.ts';
import type { Env } from '../env.ts';
import type { RunningWorker } from '../worker.ts';
import { needsCookiesMessage } from './cookie-failure.ts';

const ffmpeg = createFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });

let h: WorkerHarness;
let database: Database;
let box: SecretBox;
let media: MediaServer;
let dataDir: string;
let env: Env;
/** Local or S3 (TEST_STORAGE_DRIVER), as the worker writes it. */
let testStorage: TestStorage;
let storage: ProcessStorage;
let ownerId: string;
let adminId: string;
let worker: RunningWorker;
let counter = 0;

async function queue(url: string, values: Partial<NewDownload> = {}, w: RunningWorker = worker): Promise<string> {
  counter++;
  const { row } = await insertOrJoinDownload(database.db, {
    ownerId,
    platform: 'tiktok',
    sourceItemId: `item-${counter}`,
    sourceUrl: url,
    directUrl: null,
    resultFileName: null,
    title: `Video ${counter}`,
    author: 'kreator',
    quality: 'best',
    batchId: null,
    item: {},
    ...values,
  });
  await enqueue(w.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
  return row.id;
}

function finished(id: string, ms = 60_000) {
  return downloadFinished(database, id, ms);
}

/** A stored file copied out of storage (whichever driver) to a local path ffprobe can read. */
async function pathOf(key: string | null): Promise<string> {
  const path = join(dataDir, `probe-${randomBytes(4).toString('hex')}-${(key ?? 'missing').split('/').pop() ?? ''}`);
  await pipeline(await storage.read(key ?? 'missing'), createWriteStream(path));
  return path;
}

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'download-job',
    media: {},
    env: {
      WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
      WORKER_CONCURRENCY_SCRAPE_RUN: '0',
    },
  });
  ({ database, box, media, dataDir, testStorage, storage } = h);
  env = h.env();
  ownerId = await h.insertUser('member');
  adminId = await h.insertUser('admin', 'admin');
  worker = await h.startWorker();
}, 120_000);

afterEach(() => media.clearRequests());

afterAll(async () => {
  await h?.close();
});

describe('video.download', () => {
  it('downloads a direct clip into storage and completes the history row', async () => {
    const row = await finished(await queue(media.urls.clip8s));
    expect(row.error).toBeNull();
    expect(row.status).toBe('completed');
    expect(row.mime).toBe('video/mp4');
    expect(row.storageKey).toMatch(new RegExp(`^downloads/${ownerId}/${row.id}\\.mp4$`));
    const probe = await ffmpeg.probe(await pathOf(row.storageKey));
    expect(probe.durationSecs).toBeGreaterThan(7);
    expect(probe.hasVideo).toBe(true);
  });

  for (const [quality, height] of [['720p', 720], ['1080p', 1080], ['best', 1080]] as const) {
    it(`picks the ${quality} rendition of an HLS stream`, async () => {
      const row = await finished(await queue(media.urls.hlsMaster, { quality }));
      expect(row.error).toBeNull();
      const probe = await ffmpeg.probe(await pathOf(row.storageKey));
      expect(probe.height).toBe(height);
      expect(probe.hasAudio).toBe(true);
    });
  }

  it('gives an audio file for audio-only', async () => {
    const row = await finished(await queue(media.urls.hlsMaster, { quality: 'audio-only' }));
    expect(row.error).toBeNull();
    expect(row.mime).toBe('audio/mp4');
    const probe = await ffmpeg.probe(await pathOf(row.storageKey));
    expect(probe.hasAudio).toBe(true);
    expect(probe.hasVideo).toBe(false);
  });

  it("fails with yt-dlp's reason and stores nothing when the URL is gone", async () => {
    const row = await finished(await queue(media.urls.notFound));
    expect(row.status).toBe('failed');
    // One Indonesian sentence for the member; yt-dlp's own words kept for "Detail".
    expect(row.error).toMatch(/^Video tidak ditemukan di tautan ini/);
    expect(row.errorDetail).toMatch(/404/);
    expect(row.storageKey).toBeNull();
  });

  it('a pasted link (no result file) keeps its address as title and takes uploader and platform from yt-dlp’s info', async () => {
    const link = media.titledPageUrl('Kucing Lucu Sekali');
    const id = await queue(link, { platform: 'web', sourceItemId: link, title: link, author: '', resultFileName: null });
    const address = linkTitle(link);
    expect(address).not.toMatch(/^https?:/);
    expect((await findDownload(database.db, id))?.title).toBe(address);
    const row = await finished(id);
    expect(row.status).toBe('completed');
    // Decided when the row was created: the same words while downloading and after.
    expect(row.title).toBe(address);
    expect(row.platform).toBe('web');
    expect(row.sourceItemId).not.toBe(link);
    expect(row.sourceUrl).toBe(link);
    expect(row.storageKey).toMatch(/\.mp4$/);
  });

  it('an untitled TikTok item is "Video TikTok dari {author}" from its creation on, never its id or yt-dlp’s "master"', async () => {
    // Stored under its numeric id, no caption; the media is an HLS master playlist, whose title
    // yt-dlp reads as "master".
    const id = await queue(media.urls.hlsMaster, { sourceItemId: '7345678901234567000', title: '7345678901234567000', author: 'kreator', resultFileName: 'tiktok_x.json' });
    expect((await findDownload(database.db, id))?.title).toBe('Video TikTok dari kreator');
    const row = await finished(id);
    expect(row).toMatchObject({ status: 'completed', title: 'Video TikTok dari kreator', platform: 'tiktok', sourceItemId: '7345678901234567000' });
    // A real title is kept, whatever the page says.
    const kept = await finished(await queue(media.titledPageUrl('Lain'), { title: 'Judul Pilihan', resultFileName: 'tiktok_x.json' }));
    expect(kept.title).toBe('Judul Pilihan');
  });

  it('a re-download ("Unduh Ulang") takes the place of the entry whose file was deleted', async () => {
    const first = await finished(await queue(media.urls.clip3s));
    await database.db.update(downloads).set({ fileDeletedAt: new Date() }).where(eq(downloads.id, first.id));
    const again = await finished(await queue(media.urls.clip3s, { sourceItemId: first.sourceItemId, redownloadOf: first.id }));
    expect(again.status).toBe('completed');
    expect((await findDownload(database.db, first.id))?.hiddenFromHistoryAt).toBeInstanceOf(Date);
    expect(again.hiddenFromHistoryAt).toBeNull();
  });

  it('passes the platform cookies to yt-dlp, taking them in turn', async () => {
    const { name, value } = media.sessionCookie;
    // Netscape exports scoped to the media server's host (a header line would be scoped to
    // the platform's own domain, which this server is not).
    const jar = (v: string) => `127.0.0.1\tFALSE\t/\tFALSE\t${Math.floor(Date.now() / 1000) + 3600}\t${name}\t${v}`;
    await replaceCookieSets(database.db, [{ platform: 'tiktok', sealedCookies: box.seal(JSON.stringify([jar(value), jar('wrong')])) }]);
    try {
      const first = await finished(await queue(media.urls.loginRequired));
      expect(first.error).toBeNull();
      const second = await finished(await queue(media.urls.loginRequired));
      expect(second.status).toBe('failed');
      // The admins' shared cookies were refused: the member's sentence says so.
      expect(second.error).toBe(needsCookiesMessage('pool', 'tiktok'));
      expect(media.requests.some((r) => r.cookie?.includes(`${name}=${value}`))).toBe(true);
      // The admins hear that the cookies look expired, once however many downloads hit the wall.
      await finished(await queue(media.urls.loginRequired));
      const notes = await database.db.select().from(notifications).where(eq(notifications.kind, 'cookies.expired'));
      expect(notes).toEqual([expect.objectContaining({ userId: adminId, message: expect.stringContaining('Cookie tiktok tampaknya kedaluwarsa') })]);
    } finally {
      await replaceCookieSets(database.db, []);
    }
  });

  it('falls back to the direct media URL when yt-dlp cannot fetch the page', async () => {
    const row = await finished(await queue(media.urls.loginRequired, { platform: 'douyin', directUrl: media.urls.embeddedVideo }));
    expect(row.error).toBeNull();
    expect(row.status).toBe('completed');
    expect((await ffmpeg.probe(await pathOf(row.storageKey))).durationSecs).toBeGreaterThan(7);
  });

  it('tells the owner once when a batch has finished, with its counts', async () => {
    const batch = await insertDownloadBatch(database.db, { ownerId, resultFileName: null, quality: 'best', total: 2 });
    const ids = [await queue(media.urls.clip3s, { batchId: batch.id }), await queue(media.urls.notFound, { batchId: batch.id })];
    await Promise.all(ids.map((id) => finished(id)));
    await new Promise((r) => setTimeout(r, 500));
    const notes = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `batch:${batch.id}`));
    expect(notes).toEqual([expect.objectContaining({ userId: ownerId, kind: 'batch.failed', message: 'Unduhan batch selesai: 1 berhasil, 1 gagal.' })]);
  });

  it("commits a batch's last row with the batch notification: while the notification cannot be written the row stays running, and the retry completes it once", async () => {
    const batch = await insertDownloadBatch(database.db, { ownerId, resultFileName: null, quality: 'best', total: 1 });
    // A real fault in the database: inserting this batch's notification raises.
    await database.sql.unsafe(`
      create or replace function test_refuse_batch_note() returns trigger language plpgsql as $$
      begin raise exception 'notifications are down (test fault)'; end $$;
      create trigger test_refuse_batch_note before insert on notifications for each row
        when (new.dedupe_key = 'batch:${batch.id}') execute function test_refuse_batch_note();`);
    let id = '';
    try {
      counter++;
      const { row } = await insertOrJoinDownload(database.db, {
        ownerId,
        platform: 'tiktok',
        sourceItemId: `item-${counter}`,
        sourceUrl: media.urls.clip3s,
        directUrl: null,
        resultFileName: null,
        title: `Video ${counter}`,
        author: 'kreator',
        quality: 'best',
        batchId: batch.id,
        item: {},
      });
      id = row.id;
      const jobId = await enqueue(worker.boss, 'video.download', { downloadId: id }, { singletonKey: id, retryDelay: 1, retryBackoff: false });
      if (!jobId) throw new Error('not queued');
      // Wait for the first attempt to fail (at the notification: the only fault there is).
      const deadline = Date.now() + 60_000;
      for (;;) {
        const job = await worker.boss.getJobById('video.download', jobId);
        if (job && (job.retryCount > 0 || job.state === 'retry')) break;
        if (job?.state === 'completed' || job?.state === 'failed' || Date.now() > deadline) throw new Error(`job ${job?.state}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const during = await findDownload(database.db, id);
      expect(during?.status).toBe('running');
      expect(during?.finishedAt).toBeNull();
      expect(await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `batch:${batch.id}`))).toEqual([]);
    } finally {
      await database.sql.unsafe('drop trigger if exists test_refuse_batch_note on notifications; drop function if exists test_refuse_batch_note();');
    }
    const done = await finished(id);
    expect(done.status).toBe('completed');
    const notes = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `batch:${batch.id}`));
    expect(notes).toEqual([expect.objectContaining({ userId: ownerId, kind: 'batch.finished', message: 'Unduhan batch selesai: 1 item berhasil.' })]);
  }, 90_000);

  it('stops yt-dlp and removes partial files when the batch is cancelled', async () => {
    const batch = await insertDownloadBatch(database.db, { ownerId, resultFileName: null, quality: 'best', total: 1 });
    const id = await queue(media.urls.slow, { batchId: batch.id });
    const deadline = Date.now() + 30_000;
    while (!media.requests.some((r) => r.path.includes('slow'))) {
      if (Date.now() > deadline) throw new Error('the slow download never started');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await cancelBatchDownloads(database.db, batch.id)).toBe(1);
    // The job is over once its folder is gone (it was there: yt-dlp was fetching into it). A
    // download that went on instead would end with the whole clip, which the checks below refuse.
    await until('the cancelled job to remove its folder', () => (existsSync(join(env.tempDir, 'downloads', id)) ? undefined : true), 60_000, 100);
    const row = await findDownload(database.db, id);
    expect(row?.status).toBe('cancelled');
    expect(row?.storageKey).toBeNull();
    expect(media.requests.filter((r) => r.path.includes('slow')).every((r) => !r.completed)).toBe(true);
    expect(existsSync(join(env.tempDir, 'downloads', id))).toBe(false);
  });

  it('holds downloads beyond the platform limit per minute until the next minute', async () => {
    // Not across a minute boundary, when the budget is new again.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200));
    await setPlatformRateLimit(database.db, 'facebook', 1);
    try {
      const batch = await insertDownloadBatch(database.db, { ownerId, resultFileName: null, quality: 'best', total: 2 });
      const first = await finished(await queue(media.urls.clip3s, { platform: 'facebook', batchId: batch.id }));
      expect(first.status).toBe('completed');
      const second = await queue(media.urls.clip8s, { platform: 'facebook', batchId: batch.id });
      await new Promise((r) => setTimeout(r, 4000));
      // Taken by a worker, but yt-dlp has not asked the platform for anything.
      expect((await findDownload(database.db, second))?.status).toBe('running');
      expect(media.requests.some((r) => r.path.includes('8s'))).toBe(false);
      // A waiting download can still be cancelled at once.
      expect(await cancelBatchDownloads(database.db, batch.id)).toBe(1);
      await new Promise((r) => setTimeout(r, 2000));
      expect((await findDownload(database.db, second))?.status).toBe('cancelled');
    } finally {
      await setPlatformRateLimit(database.db, 'facebook', null);
    }
  });

  it('shares one download between two requests for the same item and quality', async () => {
    const values = { sourceItemId: 'shared-item', sourceUrl: media.urls.clip3s, quality: '720p' as const };
    const a = await insertOrJoinDownload(database.db, { ownerId, platform: 'tiktok', directUrl: null, resultFileName: null, title: 'x', author: '', batchId: null, item: {}, ...values });
    const b = await insertOrJoinDownload(database.db, { ownerId, platform: 'tiktok', directUrl: null, resultFileName: null, title: 'x', author: '', batchId: null, item: {}, ...values });
    expect(b.created).toBe(false);
    expect(b.row.id).toBe(a.row.id);
  });

  it('refuses a loopback address that FETCH_ALLOW_PRIVATE_HOSTS does not name', async () => {
    await worker.stop();
    const strict = await h.startWorker({ ALLOW_PRIVATE_NETWORK_FETCH: 'false', FETCH_ALLOW_PRIVATE_HOSTS: '' });
    try {
      const row = await finished(await queue(media.urls.clip3s, {}, strict));
      expect(row.status).toBe('failed');
      expect(media.requests).toHaveLength(0);
    } finally {
      await strict.stop();
      worker = await h.startWorker();
    }
  });
});

describe('video.preview', () => {
  it('cuts the preview to the actor maxDuration', async () => {
    const { row } = await insertOrFindPreview(database.db, {
      platform: 'tiktok',
      sourceItemId: 'long-clip',
      sourceUrl: media.urls.clip40s,
      directUrl: null,
      format: DEFAULT_PREVIEW_FORMAT,
      maxDurationSecs: 10,
    });
    await enqueue(worker.boss, 'video.preview', { previewId: row.id });
    const deadline = Date.now() + 60_000;
    let preview = await findPreview(database.db, row.id);
    while (preview && preview.status !== 'completed' && preview.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 150));
      preview = await findPreview(database.db, row.id);
    }
    expect(preview?.error).toBeNull();
    const probe = await ffmpeg.probe(await pathOf(preview?.storageKey ?? null));
    expect(probe.durationSecs).toBeLessThanOrEqual(10.5);
    expect(probe.durationSecs).toBeGreaterThan(8);
  });

  // Issue 18 item 1: an error no adapter claims (here the store refusing the write) used to
  // fail the preview for good on the first attempt, while downloads and scrapes retried it.
  it('retries a storage blip and completes, like downloads and scrapes', async () => {
    const platform = 'blip';
    // Local: a file where the platform's preview folder must go; S3: a store with no room.
    const blocker = join(dataDir, 'storage', 'previews', platform);
    if (testStorage.s3) testStorage.s3.setFreeBytes(0);
    else {
      mkdirSync(dirname(blocker), { recursive: true });
      writeFileSync(blocker, 'not a folder');
    }
    const { row } = await insertOrFindPreview(database.db, {
      platform,
      sourceItemId: 'blip-clip',
      sourceUrl: media.urls.clip40s,
      directUrl: null,
      format: DEFAULT_PREVIEW_FORMAT,
      maxDurationSecs: 5,
    });
    // Retries 3 s after a failed attempt, not the catalog's 5-10 s (doubling): still time enough
    // for the test to clear the blocker before the two retries are spent.
    await enqueue(worker.boss, 'video.preview', { previewId: row.id }, { retryDelay: 3, retryBackoff: false });
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [job] = await database.sql<{ retry_count: number }[]>`
          select retry_count from pgboss.job where name = 'video.preview' and data->>'previewId' = ${row.id}`;
        if (job && job.retry_count > 0) break;
        const now = await findPreview(database.db, row.id);
        // Without the fix the row is failed here, after one attempt.
        expect(now?.status, `preview ${now?.status}: ${now?.error ?? ''}`).not.toBe('failed');
        if (Date.now() > deadline) throw new Error('the preview job never failed an attempt');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      if (testStorage.s3) testStorage.s3.setFreeBytes(undefined);
      else rmSync(blocker, { force: true });
    }
    const deadline = Date.now() + 90_000;
    let preview = await findPreview(database.db, row.id);
    while (preview && preview.status !== 'completed' && preview.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 150));
      preview = await findPreview(database.db, row.id);
    }
    expect([preview?.status, preview?.error]).toEqual(['completed', null]);
    expect(await testStorage.files(`previews/${platform}/`)).toHaveLength(1);
  }, 120_000);
});
