// The scrape job on real PostgreSQL and pg-boss, with the real apify-client talking HTTP to
// the fake Apify of the testkit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { supersededSeedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs-superseded';
import { ResultFileSchema } from '@scrapper/contracts/http/scrape';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { replaceCookieSets } from '@scrapper/db/queries/cookie-sets';
import { cancelScrapeTask, findScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { apiKeys, notifications, scrapeTaskLogs } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import { actorOutput, OTHER_ACTOR_IDS } from '@scrapper/testkit/fake-apify/actor-output';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { eq } from 'drizzle-orm';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { waitForResultIndex, waitForTask } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

const ACTOR = 'clockworks/tiktok-scraper';
let h: WorkerHarness;
let database: Database;
let box: SecretBox;
let fake: FakeApify;
/** Local or S3 (TEST_STORAGE_DRIVER), as the workers write it. */
let storage: ProcessStorage;
let ownerId: string;

const tiktokItem = (i: number) => ({
  id: `7${String(i).padStart(18, '0')}`,
  text: `Video lucu nomor ${i}`,
  webVideoUrl: `https://www.tiktok.com/@kreator${i % 7}/video/7${String(i).padStart(18, '0')}`,
  videoMeta: { duration: 15 + (i % 40), coverUrl: `https://p16.tiktokcdn.test/${i}.jpg` },
  authorMeta: { name: `kreator${i % 7}` },
  playCount: 1000 + i,
  diggCount: 10 + i,
});

const config = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: ACTOR,
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries', cookies: 'cookieJar' },
  mapping: {
    id: 'id',
    url: 'webVideoUrl',
    title: 'text',
    duration: 'videoMeta.duration',
    duration_format: 'seconds',
    author: 'authorMeta.name',
    play_count: 'playCount',
    like_count: 'diggCount',
    thumbnail: 'videoMeta.coverUrl',
  },
  options: { resultsPerPage: { label: 'Jumlah', type: 'number', default: 20 } },
});

async function createTask(target = 'kucing lucu', input: Record<string, unknown> = {}): Promise<string> {
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: ACTOR,
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target,
    input: { searchQueries: target, resultsPerPage: 30, ...input },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  return task.id;
}

/** The task's notifications: committed with its final state, so there is nothing to wait for. */
async function taskNotifications(taskId: string) {
  return database.db.select().from(notifications).where(eq(notifications.dedupeKey, `scrape:${taskId}`));
}

async function run(taskId: string, w: RunningWorker) {
  await enqueue(w.boss, 'scrape.run', { taskId }, { singletonKey: taskId });
}

/**
 * The task's result_items rows, in file order, once the result.index job queued with the
 * completion has made them (the run itself only writes the file).
 */
async function rowsOf(taskId: string) {
  await waitForResultIndex(database, taskId);
  return database.sql<Array<{ position: number; raw_start: string | null; raw_length: number | null; item_id: string | null; skip_reason: string | null; title: string; title_key: string; author: string; url: string; duration: number | null; play_count: string | null; like_count: string | null }>>`
    select position, raw_start, raw_length, item_id, skip_reason, title, title_key, author, url, duration, play_count, like_count
    from result_items where task_id = ${taskId} order by position`;
}

/** Each row's raw record cut from the stored file by its byte range. */
async function rawsByRange(path: string, rows: Awaited<ReturnType<typeof rowsOf>>): Promise<unknown[]> {
  const bytes = Buffer.from(await storage.readText(path));
  return rows.map((r) => JSON.parse(bytes.subarray(Number(r.raw_start), Number(r.raw_start) + (r.raw_length ?? 0)).toString('utf8')));
}

async function logsOf(taskId: string): Promise<string[]> {
  const rows = await database.db.select().from(scrapeTaskLogs).where(eq(scrapeTaskLogs.taskId, taskId)).orderBy(scrapeTaskLogs.id);
  return rows.map((r) => r.message);
}

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'scrape-job', apify: { waitForFinishCapMs: 50 }, env: { WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0' } });
  ({ database, box, storage, apify: fake } = h);
  ownerId = await h.insertUser('member');
  await replaceActorConfigs(database.db, [config]);
  await h.insertApifyKey();
});

afterEach(async () => {
  await h.stopWorkers();
  fake.reset();
});

afterAll(async () => {
  await h?.close();
});

describe('scrape.run', () => {
  it('starts the actor once, follows it with progress and logs, and writes the mapped result file', async () => {
    fake.script(ACTOR, {
      polls: 3,
      items: { count: 30, item: tiktokItem },
      logLines: ['Mencari video...', 'Halaman 1 selesai', 'Halaman 2 selesai'],
    });
    await replaceCookieSets(database.db, [{ platform: 'tiktok', sealedCookies: box.seal(JSON.stringify(['sessionid=abc'])) }]);
    const w = await h.startWorker();
    const taskId = await createTask();
    await run(taskId, w);
    const task = await waitForTask(database, taskId, ['completed', 'failed']);

    expect(task.error).toBeNull();
    expect(task.state).toBe('completed');
    expect(task.resultItemCount).toBe(30);
    expect(task.progressPercentage).toBe(100);
    expect(task.resultFileName).toMatch(/^tiktok_\d{8}-\d{6}_[0-9a-f]{8}\.json$/);

    const starts = fake.requests.filter((r) => r.endpoint === 'actor.start');
    expect(starts).toHaveLength(1);
    // The actor got the keyword as a list, the number option as a number, and the cookies.
    expect(starts[0]?.body).toEqual({ searchQueries: ['kucing lucu'], resultsPerPage: 30, cookieJar: 'sessionid=abc' });

    const file = ResultFileSchema.parse(JSON.parse(await storage.readText(task.resultPath ?? '')));
    expect(file.metadata).toMatchObject({ taskId, platformId: 'tiktok', actorId: ACTOR, itemCount: 30, owner: { id: ownerId, username: 'member' } });
    // The file holds the raw items once, exactly as Apify returned them, in order.
    expect(file.items).toEqual(Array.from({ length: 30 }, (_, i) => tiktokItem(i)));
    // One index row per raw item: its byte range in the file and the mapped fields.
    const rows = await rowsOf(taskId);
    expect(rows).toHaveLength(30);
    expect(await rawsByRange(task.resultPath ?? '', rows)).toEqual(file.items);
    expect(rows[3]).toMatchObject({
      position: 3,
      item_id: '7000000000000000003',
      skip_reason: null,
      url: 'https://www.tiktok.com/@kreator3/video/7000000000000000003',
      title: 'Video lucu nomor 3',
      title_key: 'video lucu nomor 3',
      duration: 18,
      author: 'kreator3',
      play_count: '1003',
      like_count: '13',
    });
    // Once the index job made the rows, the task carries the mapping's hash.
    expect((await findScrapeTask(database.db, taskId))?.resultMapping).toMatch(/^v\d+:/);

    const logs = await logsOf(taskId);
    expect(logs).toEqual(expect.arrayContaining(['Mencari video...', 'Halaman 2 selesai']));
    expect(logs.at(-1)).toMatch(/^Selesai: 30 ditemukan, 30 disimpan \(tiktok_/);
    expect(task.counts).toEqual({ found: 30, saved: 30, skipped: {} });
    expect(task.warning).toBeNull();
    expect(await taskNotifications(taskId)).toEqual([
      expect.objectContaining({ kind: 'scrape.completed', message: 'Scraping TikTok "kucing lucu" selesai: 30 ditemukan, 30 disimpan.', isRead: false }),
    ]);
    await replaceCookieSets(database.db, []);
  });

  it('counts what it dropped and why: duplicates and items without a URL', async () => {
    const noUrl = { id: 'tanpa-url', text: 'tanpa link', authorMeta: {} };
    fake.script(ACTOR, { polls: 1, items: [tiktokItem(1), tiktokItem(2), tiktokItem(1), noUrl, 'bukan objek'] });
    const w = await h.startWorker();
    const taskId = await createTask('hitung');
    await run(taskId, w);
    const task = await waitForTask(database, taskId, ['completed', 'failed']);
    expect(task.state).toBe('completed');
    expect(task.counts).toEqual({ found: 5, saved: 2, skipped: { duplicate: 1, noUrl: 1, invalid: 1 } });
    expect(task.warning).toBeNull();
    expect(task.resultItemCount).toBe(2);
    expect((await logsOf(taskId)).at(-1)).toMatch(/^Selesai: 5 ditemukan, 2 disimpan: 1 tanpa URL video, 1 duplikat, 1 tidak terbaca \(/);
    // The dropped items are in the file too (a fixed mapping may want them), their rows say why.
    const file = ResultFileSchema.parse(JSON.parse(await storage.readText(task.resultPath ?? '')));
    expect(file.items).toEqual([tiktokItem(1), tiktokItem(2), tiktokItem(1), noUrl, 'bukan objek']);
    const rows = await rowsOf(taskId);
    expect(rows.map((r) => [r.position, r.item_id, r.skip_reason])).toEqual([
      [0, tiktokItem(1).id, null],
      [1, tiktokItem(2).id, null],
      [2, null, 'duplicate'],
      [3, null, 'noUrl'],
      [4, null, 'invalid'],
    ]);
    expect(await rawsByRange(task.resultPath ?? '', rows)).toEqual(file.items);
  });

  it('a Facebook scrape that keeps nothing ends as a warning with its counts, not a plain success', async () => {
    // A database still on the Facebook posts scraper (an admin edited it, so it was never
    // upgraded): two pages of 20 posts each, none of them a video.
    const postsConfig = supersededSeedActorConfigs.find((c) => c.actorId === 'apify/facebook-posts-scraper');
    if (!postsConfig) throw new Error('no posts scraper config');
    const facebook = ActorConfigSchema.parse(postsConfig);
    await replaceActorConfigs(database.db, [config, facebook]);
    try {
      const posts = (page: string) =>
        Array.from({ length: 20 }, (_, i) => ({
          postId: `${page}-${i}`,
          url: `https://www.facebook.com/${page}/posts/${i}`,
          text: `Kiriman ${i}`,
          pageName: page,
          isVideo: false,
        }));
      fake.script(facebook.actorId, { polls: 1, items: [...posts('detikcom'), ...posts('kompascom')] });
      const w = await h.startWorker();
      const task0 = await insertScrapeTask(database.db, {
        ownerId,
        actorId: facebook.actorId,
        platformId: 'facebook',
        scrapeType: 'url',
        target: 'https://www.facebook.com/detikcom',
        input: { startUrls: ['https://www.facebook.com/detikcom', 'https://www.facebook.com/kompascom'] },
        platformInfo: { platformId: 'facebook', displayName: 'Facebook', scrapeType: 'url' },
      });
      await run(task0.id, w);
      const task = await waitForTask(database, task0.id, ['completed', 'failed']);
      expect(task.state).toBe('completed');
      expect(task.counts).toEqual({ found: 40, saved: 0, skipped: { notVideo: 40 } });
      expect(task.resultItemCount).toBe(0);
      expect(task.warning).toBe(
        'Tidak ada item yang disimpan (40 ditemukan, 0 disimpan: 40 bukan video). Target ini tidak berisi video; coba halaman, akun atau kata kunci lain yang memuat video.',
      );
      expect((await logsOf(task0.id)).at(-1)).toBe('Selesai dengan peringatan: 40 ditemukan, 0 disimpan: 40 bukan video.');
      const [note] = await taskNotifications(task0.id);
      expect(note?.message).toContain('selesai tanpa hasil');
      expect(note?.message).toContain('40 bukan video');
    } finally {
      await replaceActorConfigs(database.db, [config]);
    }
  });

  for (const [shape, actorId] of [
    ['reels', 'apify/facebook-reels-scraper'],
    ['posts', OTHER_ACTOR_IDS['facebook-posts']],
  ] as const) {
    it(`the seeded Facebook config keeps the ${shape} scraper's videos (issue 31 item 7)`, async () => {
      // The seed as it is, or pointed at the posts scraper by an admin (only the actor id changed).
      const seedInput = seedActorConfigs.find((c) => c.platformId === 'facebook');
      if (!seedInput) throw new Error('no Facebook seed');
      const facebook = ActorConfigSchema.parse({ ...seedInput, actorId });
      await replaceActorConfigs(database.db, [config, facebook]);
      try {
        const items = actorOutput(shape === 'posts' ? 'facebook-posts' : 'facebook');
        fake.script(actorId, { polls: 1, items });
        const w = await h.startWorker();
        const task0 = await insertScrapeTask(database.db, {
          ownerId,
          actorId,
          platformId: 'facebook',
          scrapeType: 'url',
          target: 'https://www.facebook.com/detikcom',
          input: { startUrls: ['https://www.facebook.com/detikcom'] },
          platformInfo: { platformId: 'facebook', displayName: 'Facebook', scrapeType: 'url' },
        });
        await run(task0.id, w);
        const task = await waitForTask(database, task0.id, ['completed', 'failed']);
        expect(task.state).toBe('completed');
        expect(task.warning).toBeNull();
        // Reels: two reels and an error item; posts: a reel, a /videos/ post, a photo and a text post.
        expect(task.counts).toEqual(
          shape === 'posts' ? { found: 4, saved: 2, skipped: { noUrl: 2 } } : { found: 3, saved: 2, skipped: { invalid: 1 } },
        );
        const rows = (await rowsOf(task0.id)).filter((r) => r.skip_reason === null);
        expect(rows.map((r) => r.url)).toEqual(
          shape === 'posts'
            ? ['https://www.facebook.com/reel/1122334455667788', 'https://www.facebook.com/detikcom/videos/3344556677889900/']
            : ['https://www.facebook.com/reel/987654321098765', 'https://www.facebook.com/reel/987654321000002'],
        );
      } finally {
        await replaceActorConfigs(database.db, [config]);
      }
    });
  }

  for (const outcome of ['FAILED', 'ABORTED', 'TIMED-OUT'] as const) {
    it(`fails the task in one Indonesian sentence, Apify's words as the detail, when the run ends ${outcome}`, async () => {
      fake.script(ACTOR, { polls: 1, outcome, statusMessage: `Pesan dari aktor: ${outcome}` });
      const w = await h.startWorker();
      const taskId = await createTask();
      await run(taskId, w);
      const task = await waitForTask(database, taskId, ['completed', 'failed']);
      expect(task.state).toBe('failed');
      expect(task.error).toMatch(/Coba Lagi/);
      expect(task.error).not.toContain('Pesan dari aktor');
      expect(task.errorDetail).toBe(`${outcome}: Pesan dari aktor: ${outcome}`);
      expect(task.resultFileName).toBeNull();
      const [note] = await taskNotifications(taskId);
      expect(note?.kind).toBe('scrape.failed');
      expect(note?.message).toContain(task.error ?? '-');
    });
  }

  it('tells a member what to do when Apify refuses the key, with Apify\'s words as the detail', async () => {
    const [key] = await database.db.select().from(apiKeys);
    await database.db.update(apiKeys).set({ sealedKey: box.seal('apify_api_ditolak') });
    try {
      const w = await h.startWorker();
      const taskId = await createTask('kunci salah');
      await run(taskId, w);
      const task = await waitForTask(database, taskId, ['failed', 'completed']);
      expect(task.state).toBe('failed');
      expect(task.error).toBe(
        'Apify menolak API key yang aktif. Minta admin memeriksa atau mengganti key di Admin > API Key, lalu tekan Coba Lagi.',
      );
      // Apify's own words, as the real API says them (the fake answers so too).
      expect(task.errorDetail).toBe('HTTP 401, user-or-token-not-found: User was not found or authentication token is not valid');
    } finally {
      if (key) await database.db.update(apiKeys).set({ sealedKey: key.sealedKey });
    }
  });

  it('fails with a clear message when no Apify key is active, without calling Apify', async () => {
    await database.db.update(apiKeys).set({ isActive: false });
    try {
      const w = await h.startWorker();
      const taskId = await createTask();
      await run(taskId, w);
      const task = await waitForTask(database, taskId, ['failed', 'completed']);
      expect(task.error).toMatch(/belum ada API key Apify yang aktif/);
      expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(0);
    } finally {
      await database.db.update(apiKeys).set({ isActive: true });
    }
  });

  it('aborts the Apify run when the task is cancelled', async () => {
    fake.script(ACTOR, { polls: 10_000, items: { count: 5, item: tiktokItem } });
    const w = await h.startWorker();
    const taskId = await createTask();
    await run(taskId, w);
    await waitForTask(database, taskId, ['running']);
    await cancelScrapeTask(database.db, taskId);
    const deadline = Date.now() + 15_000;
    while (!fake.requests.some((r) => r.endpoint === 'run.abort') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(fake.runs(ACTOR)[0]?.status).toMatch(/ABORT/);
    const task = await findScrapeTask(database.db, taskId);
    expect(task?.state).toBe('cancelled');
    expect(task?.resultFileName).toBeNull();
  });

  it('rides out bursts of 429 and 500 without starting a second run', async () => {
    fake.script(ACTOR, { polls: 2, items: { count: 12, item: tiktokItem } });
    // Three 429s outlast the client's own retries; the 500s hit the dataset pages.
    fake.fault({ endpoint: 'run.get', times: 3, status: 429, retryAfterSecs: 0 });
    fake.fault({ endpoint: 'dataset.items', times: 2, status: 500 });
    const w = await h.startWorker();
    const taskId = await createTask();
    await run(taskId, w);
    const task = await waitForTask(database, taskId, ['completed', 'failed'], 60_000);
    expect(task.error).toBeNull();
    expect(task.state).toBe('completed');
    expect(task.resultItemCount).toBe(12);
    expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(1);
  }, 90_000);

  it("waits as long as Apify's Retry-After says while following, without spending a retry", async () => {
    fake.script(ACTOR, { polls: 2, items: { count: 4, item: tiktokItem } });
    // More 429s than the client's own retries: the job waits out Retry-After itself.
    fake.fault({ endpoint: 'run.get', times: 4, status: 429, retryAfterSecs: 1 });
    const w = await h.startWorker();
    const taskId = await createTask();
    const started = Date.now();
    await run(taskId, w);
    const task = await waitForTask(database, taskId, ['completed', 'failed'], 60_000);
    expect(task.error).toBeNull();
    expect(task.state).toBe('completed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await logsOf(taskId)).toEqual(expect.arrayContaining([expect.stringMatching(/Apify meminta jeda 1 detik/)]));
    expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(1);
  }, 60_000);

  it('is resumed by another worker when its worker goes away mid-run, following the same run', async () => {
    fake.script(ACTOR, { durationMs: 6_000, items: { count: 8, item: tiktokItem } });
    const first = await h.startWorker({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const taskId = await createTask();
    await run(taskId, first);
    const running = await waitForTask(database, taskId, ['running']);
    expect(running.apifyRunId).toBeTruthy();
    // The first worker goes away mid-run; its job is handed back to the queue.
    await first.stop();
    await h.startWorker();
    const task = await waitForTask(database, taskId, ['completed', 'failed'], 60_000);
    expect(task.state).toBe('completed');
    expect(task.apifyRunId).toBe(running.apifyRunId);
    expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(1);
  }, 90_000);

  it('commits the final state with the notification: while the notification cannot be written the task stays unfinished, and the retry completes it once', async () => {
    fake.script(ACTOR, { polls: 1, items: { count: 5, item: tiktokItem } });
    const w = await h.startWorker();
    const taskId = await createTask();
    // A real fault in the database: inserting this task's notification raises.
    await database.sql.unsafe(`
      create or replace function test_refuse_notification() returns trigger language plpgsql as $$
      begin raise exception 'notifications are down (test fault)'; end $$;
      create trigger test_refuse_notification before insert on notifications for each row
        when (new.dedupe_key = 'scrape:${taskId}') execute function test_refuse_notification();`);
    try {
      await enqueue(w.boss, 'scrape.run', { taskId }, { singletonKey: taskId, retryDelay: 1, retryBackoff: false });
      // The attempt got as far as the notification and failed there: the job says so in the log.
      const deadline = Date.now() + 30_000;
      while (!(await logsOf(taskId)).some((line) => line.startsWith('Gangguan sementara') && line.includes('insert into "notifications"'))) {
        if (Date.now() > deadline) throw new Error(`no failed attempt; logs: ${(await logsOf(taskId)).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const during = await findScrapeTask(database.db, taskId);
      expect(during?.state).toBe('running');
      expect(during?.resultFileName).toBeNull();
      expect(during?.finishedAt).toBeNull();
      expect(await taskNotifications(taskId)).toEqual([]);
      expect((await logsOf(taskId)).filter((line) => line.startsWith('Selesai'))).toEqual([]);
    } finally {
      await database.sql.unsafe('drop trigger if exists test_refuse_notification on notifications; drop function if exists test_refuse_notification();');
    }
    // The fault is gone: a retry (same job, same run) completes the task, with one notification.
    const task = await waitForTask(database, taskId, ['completed', 'failed']);
    expect(task.state).toBe('completed');
    expect(task.resultItemCount).toBe(5);
    expect(await taskNotifications(taskId)).toEqual([expect.objectContaining({ kind: 'scrape.completed', message: 'Scraping TikTok "kucing lucu" selesai: 5 ditemukan, 5 disimpan.' })]);
    expect((await logsOf(taskId)).filter((line) => line.startsWith('Selesai'))).toHaveLength(1);
    expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(1);
    const file = ResultFileSchema.parse(JSON.parse(await storage.readText(task.resultPath ?? '')));
    expect(file.items).toHaveLength(5);
    // The failed attempt queued no index (its transaction rolled back): one index, one row per raw item of the file.
    const rows = await rowsOf(taskId);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
    expect(await rawsByRange(task.resultPath ?? '', rows)).toEqual(file.items);
  }, 60_000);

  it('scrapes through a sixth platform that exists only as configuration', async () => {
    // X/Twitter: no code knows this platform; the admin's config alone drives input and mapping.
    const twitter = ActorConfigSchema.parse({
      platformId: 'twitter',
      displayName: 'X (Twitter)',
      actorId: 'apidojo/tweet-scraper',
      inputKey: 'searchTerms',
      inputKeys: { url: 'startUrls', keyword: 'searchTerms' },
      mapping: {
        id: 'id',
        url: 'url',
        title: 'text',
        author: 'author.userName',
        play_count: 'viewCount',
        like_count: 'likeCount',
        is_video_check: 'isVideo',
      },
      options: { maxItems: { label: 'Jumlah', type: 'number', default: 10 } },
    });
    await replaceActorConfigs(database.db, [config, twitter]);
    fake.script('apidojo/tweet-scraper', {
      polls: 1,
      items: [
        { id: '1850000000000000001', url: 'https://x.com/budi/status/1850000000000000001', text: 'Video pertama', author: { userName: 'budi' }, viewCount: 1200, likeCount: 30, isVideo: true },
        { id: '1850000000000000002', url: 'https://x.com/sari/status/1850000000000000002', text: 'Cuma teks', author: { userName: 'sari' }, viewCount: 5, likeCount: 1, isVideo: false },
        { id: '1850000000000000003', url: 'https://x.com/sari/status/1850000000000000003', text: 'Video kedua', author: { userName: 'sari' }, viewCount: '2.5K', likeCount: 7, isVideo: true },
      ],
    });
    const w = await h.startWorker();
    const task = await insertScrapeTask(database.db, {
      ownerId,
      actorId: 'apidojo/tweet-scraper',
      platformId: 'twitter',
      scrapeType: 'keyword',
      target: 'kucing',
      input: { searchTerms: 'kucing' },
      platformInfo: { platformId: 'twitter', displayName: 'X (Twitter)', scrapeType: 'keyword' },
    });
    await run(task.id, w);
    const done = await waitForTask(database, task.id, ['completed', 'failed']);
    expect(done.error).toBeNull();
    expect(fake.requests.find((r) => r.endpoint === 'actor.start')?.body).toEqual({ searchTerms: ['kucing'], maxItems: 10 });
    const file = ResultFileSchema.parse(JSON.parse(await storage.readText(done.resultPath ?? '')));
    expect(file.items).toHaveLength(3);
    const rows = await rowsOf(done.id);
    expect(rows).toEqual([
      expect.objectContaining({ item_id: '1850000000000000001', author: 'budi', title: 'Video pertama', play_count: '1200' }),
      expect.objectContaining({ item_id: null, skip_reason: 'notVideo' }),
      expect.objectContaining({ item_id: '1850000000000000003', author: 'sari', play_count: '2500' }),
    ]);
    await replaceActorConfigs(database.db, [config]);
  });
});
