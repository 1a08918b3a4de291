// Issue 8, faults: the fake Apify and the fake Google answer storms of 429 and 5xx (many in a
// row) while scrapes and YouTube uploads run on a real worker, PostgreSQL and pg-boss. Jobs wait
// and retry with backoff and end completed, each with exactly one Apify run or one YouTube video;
// a storm longer than the retry budget ends the job failed with a readable Indonesian error and
// nothing half-made. Each scenario prints `fault <name>: sent= failed= recovered= lost=`, where
// sent counts the requests the worker made to the fake, failed those answered by the storm,
// recovered the failed ones whose job still completed, lost the jobs that ended neither completed
// nor failed with a message, plus any duplicate run or video.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { findScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { youtubeUploads } from '@scrapper/db/schema';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { connectFakeChannel, queueUpload } from '../../test/fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { until } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

const ACTOR = 'clockworks/tiktok-scraper';

let h: WorkerHarness;
let database: Database;
let apify: FakeApify;
let google: FakeGoogle;
let storage: ProcessStorage;
let worker: RunningWorker;
let ownerId: string;
let accountId: string;
let clip: Buffer;

const config = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: ACTOR,
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries', cookies: 'cookieJar' },
  mapping: { id: 'id', url: 'webVideoUrl', title: 'text', author: 'authorMeta.name' },
  options: {},
});

/**
 * Fast retries for the test (the catalog's start at 5-30 s), still growing with each attempt (1-2
 * s, then 2-3 s) up to 3 s: uncapped, pg-boss's doubling (with jitter) made the fifth retry of one
 * upload in a storm wait 16-32 s, and the test sat out a minute of them.
 */
async function tuneQueue(queue: string, retryLimit?: number): Promise<void> {
  await worker.boss.updateQueue(queue, { retryDelay: 1, retryBackoff: true, retryDelayMax: 3, ...(retryLimit === undefined ? {} : { retryLimit }) });
}

async function newScrape(i: number): Promise<string> {
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: ACTOR,
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: `badai ${i}`,
    input: { searchQueries: `badai ${i}` },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  await enqueue(worker.boss, 'scrape.run', { taskId: task.id }, { singletonKey: task.id });
  return task.id;
}

async function newUpload(i: number): Promise<string> {
  const id = crypto.randomUUID();
  const key = `uploads/${ownerId}/${id}/video.mp4`;
  await storage.write(key, clip);
  return queueUpload(database, worker.boss, { id, userId: ownerId, accountId, title: `Badai ${i}`, videoStorageKey: key, videoSizeBytes: clip.length });
}

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'faults-outside',
    poolMax: 4,
    apify: { waitForFinishCapMs: 50 },
    google: { channels: [{ id: 'UCfaults'.padEnd(24, 'x'), title: 'Kanal Badai' }] },
    env: {
      WORKER_QUEUES: 'scrape.run,youtube.upload',
      WORKER_CONCURRENCY_SCRAPE_RUN: '4',
      WORKER_CONCURRENCY_YOUTUBE_UPLOAD: '2',
    },
  });
  ({ database, apify, google, storage } = h);
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(h.dataDir, 'clip.mp4')]);
  if (made.status !== 0) throw new Error(made.stderr.toString());
  clip = readFileSync(join(h.dataDir, 'clip.mp4'));

  ownerId = await h.insertUser('member');
  await replaceActorConfigs(database.db, [config]);
  await h.insertApifyKey();
  accountId = await connectFakeChannel(database, h.box, google, ownerId);
  worker = await h.startWorker();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('fake Apify storms', () => {
  it('429 and 5xx storms on every endpoint: scrapes retry with backoff and complete, one run each', async () => {
    await tuneQueue('scrape.run');
    apify.reset();
    apify.script(ACTOR, {
      polls: 2,
      items: Array.from({ length: 30 }, (_, i) => ({ id: `${8000 + i}`, text: `Klip ${i}`, webVideoUrl: `https://www.tiktok.com/@k/video/${8000 + i}`, authorMeta: { name: 'k' } })),
    });
    // Storms, each many in a row: the run start (not retried by apify-client, it would start
    // a second paid run; the job retries it), the polls (Apify's Retry-After honoured), the log,
    // the dataset pages.
    apify.fault({ endpoint: 'actor.start', status: 503, times: 6 });
    apify.fault({ endpoint: 'actor.start', status: 429, times: 4, retryAfterSecs: 1 });
    apify.fault({ endpoint: 'run.get', status: 429, times: 12, retryAfterSecs: 1 });
    apify.fault({ endpoint: 'run.get', status: 500, times: 8 });
    apify.fault({ endpoint: 'log.get', status: 502, times: 6 });
    apify.fault({ endpoint: 'dataset.items', status: 503, times: 8 });
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => newScrape(i)));
    const tasks = await until('the scrapes to finish', async () => {
      const rows = await Promise.all(ids.map((id) => findScrapeTask(database.db, id)));
      return rows.every((t) => t && ['completed', 'failed', 'cancelled'].includes(t.state)) ? rows : undefined;
    }, 150_000);

    const requests = apify.requests.filter((r) => r.endpoint !== undefined);
    const failed = requests.filter((r) => r.status === 429 || r.status >= 500).length;
    const runs = apify.runs(ACTOR);
    const completed = tasks.filter((t) => t?.state === 'completed');
    const lost = ids.length - completed.length + Math.max(0, runs.length - ids.length);
    console.log(`fault apify-storm: sent=${requests.length} failed=${failed} recovered=${failed} lost=${lost} (jobs=${ids.length} runs=${runs.length})`);
    expect(tasks.map((t) => [t?.state, t?.error])).toEqual(ids.map(() => ['completed', null]));
    expect(failed).toBeGreaterThanOrEqual(40);
    // One run per task however often its start was refused, and every result file whole.
    expect(runs).toHaveLength(ids.length);
    expect(new Set(tasks.map((t) => t?.apifyRunId))).toEqual(new Set(runs.map((r) => r.id)));
    for (const t of tasks) {
      const file = JSON.parse(await storage.readText(t?.resultPath ?? '')) as { items: unknown[] };
      expect(file.items).toHaveLength(30);
    }
    expect(lost).toBe(0);
  }, 180_000);

  it('a storm longer than the retry budget fails the scrape with a readable error and no result', async () => {
    await tuneQueue('scrape.run', 2);
    apify.reset();
    // The actor exists (a retry lists its runs for the start marker: Apify answers an empty
    // list, not 404); only its starts are refused.
    apify.script(ACTOR, { polls: 1, items: [] });
    apify.fault({ endpoint: 'actor.start', status: 503, times: 1000 });
    const id = await newScrape(99);
    const task = await until('the scrape to fail', async () => {
      const t = await findScrapeTask(database.db, id);
      return t && t.state !== 'waiting' && t.state !== 'active' && t.state !== 'running' ? t : undefined;
    });
    const requests = apify.requests.filter((r) => r.endpoint === 'actor.start');
    console.log(`fault apify-storm-past-budget: sent=${requests.length} failed=${requests.length} recovered=0 lost=0 (jobs=1 state=${task.state} error=${JSON.stringify(task.error)})`);
    expect(task.state).toBe('failed');
    // In our words, not Apify's "Internal server error".
    expect(task.error).toBe(
      'Apify sedang sibuk atau bermasalah dan belum pulih setelah 3 percobaan. Tunggu beberapa menit, lalu tekan Coba Lagi.',
    );
    expect(task.errorDetail).toMatch(/^HTTP 503/);
    expect(requests).toHaveLength(3);
    expect(apify.runs(ACTOR)).toHaveLength(0);
    expect(task.resultPath).toBeNull();
    // The storm's unspent answers would refuse whatever starts next on this fake.
    apify.reset();
    await tuneQueue('scrape.run', 10);
  }, 120_000);
});

describe('fake Google storms during uploads', () => {
  it('5xx and 429 storms on videos.insert: uploads retry with backoff and end with exactly one video each', async () => {
    await tuneQueue('youtube.upload');
    google.failNext('videos.insert', { status: 503, times: 5 });
    google.failNext('videos.insert', { status: 429, times: 3 });
    google.failNext('videos.insert', { status: 500, times: 3 });
    const before = google.requests.length;
    const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => newUpload(i)));
    const rows = await until('the uploads to finish', async () => {
      const r = await database.db.select().from(youtubeUploads).where(inArray(youtubeUploads.id, ids));
      return r.every((u) => u.status === 'uploaded' || u.status === 'failed') ? r : undefined;
    }, 150_000);
    const inserts = google.requests.slice(before).filter((r) => r.endpoint === 'videos.insert');
    const failed = inserts.filter((r) => r.status === 429 || r.status >= 500).length;
    const videos = google.uploads.filter((u) => rows.some((r) => r.youtubeVideoId === u.id));
    const lost = rows.filter((r) => r.status !== 'uploaded').length + (google.uploads.length - ids.length);
    console.log(`fault google-storm: sent=${inserts.length} failed=${failed} recovered=${failed} lost=${lost} (jobs=${ids.length} videos=${google.uploads.length})`);
    expect(rows.map((r) => [r.status, r.errorMessage])).toEqual(ids.map(() => ['uploaded', null]));
    expect(failed).toBe(11);
    expect(google.uploads).toHaveLength(ids.length);
    expect(videos).toHaveLength(ids.length);
    expect(lost).toBe(0);
  }, 180_000);

  it('a storm longer than the retry budget fails the upload with a readable Indonesian error and no video', async () => {
    await tuneQueue('youtube.upload', 1);
    google.failNext('videos.insert', { status: 503, times: 1000 });
    const before = google.requests.length;
    const videosBefore = google.uploads.length;
    const id = await newUpload(99);
    const row = await until('the upload to fail', async () => {
      const [r] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, id));
      return r && (r.status === 'uploaded' || r.status === 'failed') ? r : undefined;
    });
    const inserts = google.requests.slice(before).filter((r) => r.endpoint === 'videos.insert');
    console.log(`fault google-storm-past-budget: sent=${inserts.length} failed=${inserts.length} recovered=0 lost=0 (jobs=1 status=${row.status} error=${JSON.stringify(row.errorMessage)})`);
    expect(row.status).toBe('failed');
    // Not the retryable message's "Upload akan dicoba lagi": no attempt is left.
    expect(row.errorMessage).toBe('YouTube sedang bermasalah (error server); upload gagal setelah 2 percobaan. Coba upload lagi nanti.');
    expect(inserts).toHaveLength(2);
    expect(google.uploads).toHaveLength(videosBefore);
    // The storm's unspent 998 answers would fail whatever uploads next on this fake.
    google.clearFaults('videos.insert');
    await tuneQueue('youtube.upload', 5);
  }, 120_000);
});
