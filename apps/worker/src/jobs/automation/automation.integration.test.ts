// Automations (issue 19) on real parts: embedded PostgreSQL, pg-boss, the real apify-client and
// googleapis against the fakes, real yt-dlp on the media server's clips. The scheduler's clock is
// injected (tickAutomations(ctx, now)); everything else runs as in production.
import { and, eq, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import type { AutomationConfig } from '@scrapper/contracts/http/automations';
import { nextQuotaDayStart } from '@scrapper/contracts/rules/youtube-quota';
import type { Database } from '@scrapper/db/client';
import { enqueue, ensureQueues } from '@scrapper/db/queue';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { findActiveApiKey, insertApiKey } from '@scrapper/db/queries/api-keys';
import { GEMINI_KEY_WORKED } from '@scrapper/integrations/gemini';
import { findScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { findAutomation, findRun, insertAutomation, insertRunIfIdle, updateAutomation } from '@scrapper/db/queries/automations';
import {
  automationItems,
  automationRuns,
  downloads,
  notifications,
  oauthClientSecrets,
  webhookDeliveries,
  webhooks,
  youtubeAccounts,
  youtubeUploads,
} from '@scrapper/db/schema';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startWorkerHarness, type WorkerHarness } from '../../../test/harness.ts';
import { connectFakeChannel } from '../../../test/fixtures.ts';
import { until } from '../../../test/waits.ts';
import { tickAutomations } from './index.ts';

const ACTOR = 'clockworks/tiktok-scraper';
let h: WorkerHarness;
let database: Database;
let fake: FakeApify;
let media: MediaServer;
let sender: PgBoss;
let ownerId: string;
let counter = 0;

const config = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: ACTOR,
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
  mapping: {
    id: 'id',
    url: 'webVideoUrl',
    title: 'text',
    duration: 'videoMeta.duration',
    duration_format: 'seconds',
    author: 'authorMeta.name',
    play_count: 'playCount',
    like_count: 'diggCount',
  },
  options: { resultsPerPage: { label: 'Jumlah', type: 'number', default: 20 } },
});

/** A TikTok item whose video is one of the media server's clips. */
const item = (id: string, text: string, playCount: number) => ({
  id,
  text,
  playCount,
  diggCount: 10,
  webVideoUrl: media.namedClipUrl(`${id}.mp4`),
  videoMeta: { duration: 3 },
  authorMeta: { name: 'kreator' },
});

const baseConfig = (over: Partial<AutomationConfig> = {}): AutomationConfig => ({
  source: { actorId: ACTOR, input: { searchQueries: ['kucing'], resultsPerPage: 10 }, platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' } },
  schedule: { kind: 'interval', intervalMinutes: 60 },
  filters: {
    minPlays: 100,
    minLikes: null,
    minDurationSeconds: null,
    maxDurationSeconds: null,
    postedWithinDays: null,
    includeWords: [],
    excludeWords: ['iklan'],
    skipDownloaded: true,
    skipDuplicateTitles: true,
  },
  download: { quality: 'best' },
  publish: null,
  ...over,
});

type Publish = NonNullable<AutomationConfig['publish']>;
/** Publishing to a channel at 09:00 and 21:00 WIB, public, two a day, the rest as given. */
const publishTo = (accountId: string, over: Partial<Publish> & Pick<Publish, 'metadata'>): Publish => ({
  destinations: [accountId],
  playlistId: null,
  slots: ['09:00', '21:00'],
  maxPerDay: 2,
  privacyStatus: 'public',
  categoryId: '22',
  madeForKids: false,
  videoEffect: 'none',
  ...over,
});

async function automationOf(cfg: AutomationConfig, nextRunAt = new Date(Date.now() + 24 * 3600_000)) {
  counter++;
  return insertAutomation(database.db, { ownerId, name: `Otomasi ${counter}`, config: cfg, nextRunAt });
}

/** "Jalankan sekarang", as the API does it. */
async function runNow(automationId: string): Promise<string> {
  const run = await insertRunIfIdle(database.db, automationId, 'manual');
  if (!run) throw new Error('a run is under way');
  await enqueue(sender, 'automation.run', { runId: run.id }, { singletonKey: run.id });
  return run.id;
}

async function finished(runId: string, ms = 60_000) {
  try {
    return await until(`run ${runId} to finish`, async () => {
      const run = await findRun(database.db, runId);
      return run?.finishedAt ? run : undefined;
    }, ms);
  } catch (error) {
    // Where it stopped, to read in the failure.
    const run = await findRun(database.db, runId);
    const task = run?.scrapeTaskId ? await findScrapeTask(database.db, run.scrapeTaskId) : undefined;
    const got = run?.batchId ? await database.db.select().from(downloads).where(eq(downloads.batchId, run.batchId)) : [];
    const jobs = await sender.findJobs('automation.run', { data: { runId } });
    throw new Error(`${String(error)}: jobs ${JSON.stringify(jobs.map((j) => [j.state, j.startAfter, j.output]))}; run ${JSON.stringify(run)}; task ${task?.state} ${task?.error ?? ''}; downloads ${JSON.stringify(got.map((d) => [d.status, d.error]))}`);
  }
}

const scheduler = () => ({ database, enqueue: ((q, p, o) => enqueue(sender, q, p, o)) as Parameters<typeof tickAutomations>[0]['enqueue'] });

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'automations',
    apify: { waitForFinishCapMs: 50 },
    google: { geminiKeys: ['gemini-kunci-uji'] },
    media: {},
    env: { WORKER_QUEUES: 'automation.run,scrape.run,video.download,youtube.upload', HEARTBEAT_INTERVAL_SECONDS: '1' },
  });
  ({ database, apify: fake, media } = h);
  ownerId = await h.insertUser('member');
  await replaceActorConfigs(database.db, [config]);
  await h.insertApifyKey();
  sender = await h.startSupervisor();
  await ensureQueues(sender);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the scheduler', () => {
  it('fires on time by the clock it is given, once across instances, and once after an outage', async () => {
    const due = new Date('2026-11-20T01:00:00.000Z');
    const a = await automationOf(baseConfig(), due);
    expect(await tickAutomations(scheduler(), new Date(due.getTime() - 1000))).toEqual([]);

    // Two instances tick at the same moment: one run.
    const [one, two] = await Promise.all([tickAutomations(scheduler(), due), tickAutomations(scheduler(), due)]);
    expect([...(one ?? []), ...(two ?? [])]).toHaveLength(1);
    const after = await findAutomation(database.db, a.id);
    expect(after?.nextRunAt?.toISOString()).toBe('2026-11-20T02:00:00.000Z');
    expect(await database.db.select().from(automationRuns).where(eq(automationRuns.automationId, a.id))).toHaveLength(1);

    // Workers were down for five hours (five slots missed): one run when they return, the next
    // an interval after now. The first run is still unfinished, so this one is skipped...
    const back = new Date('2026-11-20T06:00:30.000Z');
    expect(await tickAutomations(scheduler(), back)).toEqual([]);
    expect((await findAutomation(database.db, a.id))?.nextRunAt?.toISOString()).toBe('2026-11-20T07:00:30.000Z');
    // ...and once it has ended, the next due tick starts exactly one.
    await database.db.update(automationRuns).set({ finishedAt: new Date(), status: 'failed', stage: 'done' }).where(eq(automationRuns.automationId, a.id));
    await updateAutomation(database.db, a.id, { nextRunAt: new Date('2026-11-20T01:00:00.000Z') });
    const later = new Date('2026-11-20T09:00:00.000Z');
    expect(await tickAutomations(scheduler(), later)).toHaveLength(1);
    expect(await tickAutomations(scheduler(), later)).toEqual([]);
    expect((await findAutomation(database.db, a.id))?.nextRunAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    // Fixed WIB times: 08:00 WIB is 01:00 UTC.
    const timed = await automationOf(baseConfig({ schedule: { kind: 'times', times: ['08:00', '20:00'] } }), new Date('2026-11-21T01:00:00.000Z'));
    expect(await tickAutomations(scheduler(), new Date('2026-11-21T01:00:05.000Z'))).toHaveLength(1);
    expect((await findAutomation(database.db, timed.id))?.nextRunAt?.toISOString()).toBe('2026-11-21T13:00:00.000Z');
    // Paused ones are not claimed.
    await database.db.update(automationRuns).set({ finishedAt: new Date(), status: 'failed', stage: 'done' });
    await updateAutomation(database.db, timed.id, { status: 'paused', nextRunAt: new Date('2026-11-21T01:00:00.000Z') });
    await updateAutomation(database.db, a.id, { status: 'paused' });
    expect(await tickAutomations(scheduler(), new Date('2026-11-22T00:00:00.000Z'))).toEqual([]);
  });
});

describe('a run', () => {
  it('scrapes, filters, downloads the new items once, and a second run takes nothing twice', async () => {
    await h.startWorker();
    fake.script(ACTOR, {
      polls: 1,
      items: [
        item('a1', 'Kucing lucu', 5000),
        item('a2', 'Kucing tidur', 50), // too few plays
        item('a3', 'Promo iklan kucing', 9000), // excluded word
        item('a4', '  KUCING LUCU ', 7000), // duplicate title
        item('a5', 'Kucing makan', 300),
      ],
    });
    const a = await automationOf(baseConfig());
    const first = await finished(await runNow(a.id));
    expect(first).toMatchObject({ status: 'completed', stage: 'done', error: null });
    expect(first.counts).toEqual({
      found: 5,
      filteredOut: { minPlays: 1, excludeWords: 1, duplicateTitle: 1 },
      new: 2,
      downloaded: 2,
      queued: 0,
      uploaded: 0,
      failed: 0,
      rolledOver: 0,
    });
    expect(first.scrapeTaskId).not.toBeNull();
    expect(first.batchId).not.toBeNull();
    // The filter read the downloader's index of the file (no worker here serves result.index:
    // the run made it, before its step's transaction), not the raw file inside the transaction.
    const indexed = await database.sql<Array<{ item_id: string }>>`select item_id from result_items where task_id = ${first.scrapeTaskId ?? ''} and item_id is not null order by position`;
    expect(indexed.map((r) => r.item_id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    const mine = await database.db.select().from(downloads).where(eq(downloads.ownerId, ownerId));
    expect(mine.filter((d) => d.status === 'completed').map((d) => d.sourceItemId).sort()).toEqual(['a1', 'a5']);
    const notes = await database.db.select().from(notifications).where(and(eq(notifications.userId, ownerId), eq(notifications.dedupeKey, `automation-run:${first.id}`)));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toContain('5 ditemukan, 3 tersaring, 2 baru, 2 diunduh');

    // The same items again: downloaded already, nothing new, nothing downloaded twice.
    const second = await finished(await runNow(a.id));
    expect(second.status).toBe('completed');
    expect(second.counts).toMatchObject({ found: 5, new: 0, downloaded: 0, filteredOut: { minPlays: 1, excludeWords: 1, alreadyDownloaded: 2, duplicateTitle: 1 } });
    expect(await database.db.select().from(downloads).where(eq(downloads.ownerId, ownerId))).toHaveLength(mine.length);
    expect(await database.db.select().from(automationItems).where(eq(automationItems.automationId, a.id))).toHaveLength(2);

    // Downloaded elsewhere does not matter when the filter is off: the automation's own memory still says no.
    await updateAutomation(database.db, a.id, { config: baseConfig({ filters: { ...baseConfig().filters, skipDownloaded: false, skipDuplicateTitles: false } }) });
    const third = await finished(await runNow(a.id));
    expect(third.counts.filteredOut).toEqual({ minPlays: 1, excludeWords: 1, seenBefore: 2 });
    // ...except the duplicate title, which it never took: that one is new now, and only it is fetched.
    expect(third.counts).toMatchObject({ new: 1, downloaded: 1 });
    const now = await database.db.select().from(downloads).where(eq(downloads.ownerId, ownerId));
    expect(now.map((d) => d.sourceItemId).sort()).toEqual(['a1', 'a4', 'a5']);
  }, 240_000);

  it('schedules uploads into the next free slots; what today’s quota cannot serve moves to the next day, visibly', async () => {
    fake.script(ACTOR, { polls: 1, items: [item('p1', 'Satu', 500), item('p2', 'Dua', 500), item('p3', 'Tiga', 500)] });
    const accountId = await connectFakeChannel(database, h.box, h.google, ownerId);
    const [account] = await database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, accountId));
    // One upload left today on this client.
    await database.db.update(oauthClientSecrets).set({ quotaDailyUploads: 1 }).where(eq(oauthClientSecrets.id, account?.clientSecretId ?? ''));
    const a = await automationOf(
      baseConfig({
        publish: publishTo(accountId, { metadata: { mode: 'template', title: '{title} oleh {author}', description: 'Dari {platform}', tags: ['{platform}'] } }),
      }),
    );
    const started = Date.now();
    // A script's webhook for the steps: it keeps hearing of each one (an API, not the bell).
    const [hook] = await database.db
      .insert(webhooks)
      .values({ ownerId, url: 'http://127.0.0.1:9/hook', events: ['scrape.completed', 'upload.completed', 'automation.run.completed'], sealedSecret: h.box.seal('whsec_dGVzdA==') })
      .returning();
    const bellBefore = new Set((await database.db.select().from(notifications).where(eq(notifications.userId, ownerId))).map((n) => n.id));
    const run = await finished(await runNow(a.id));
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.counts).toMatchObject({ new: 3, downloaded: 3, queued: 3, rolledOver: 2 });
    expect(run.notes.join(' ')).toContain('2 upload dipindah ke hari berikutnya karena kuota upload YouTube hari ini habis');

    const uploads = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.accountId, accountId));
    expect(uploads).toHaveLength(3);
    expect(new Set(uploads.map((u) => u.title))).toEqual(new Set(['Satu oleh kreator', 'Dua oleh kreator', 'Tiga oleh kreator']));
    for (const u of uploads) {
      expect(u).toMatchObject({ publishType: 'schedule', sourceKind: 'server', description: 'Dari TikTok', tags: ['TikTok'] });
      // Every publish time is a slot: 09:00 or 21:00 WIB (02:00 or 14:00 UTC).
      expect(['02:00', '14:00']).toContain(u.publishAt?.toISOString().slice(11, 16));
    }
    // The two past the quota wait for the next quota day (Pacific midnight) to be sent.
    const resets = nextQuotaDayStart(new Date(started));
    const later = uploads.filter((u) => (u.publishAt?.getTime() ?? 0) > resets.getTime());
    expect(later.length).toBeGreaterThanOrEqual(2);
    const jobs = await Promise.all(
      uploads.map(async (u) => (await sender.findJobs('youtube.upload', { data: { uploadId: u.id } }))[0]),
    );
    const waiting = jobs.filter((j) => j && new Date(j.startAfter).getTime() >= resets.getTime());
    expect(waiting).toHaveLength(2);
    // The one served today reaches YouTube.
    await until('the first upload to reach YouTube', async () => {
      const rows = await database.db.select().from(youtubeUploads).where(and(eq(youtubeUploads.accountId, accountId), eq(youtubeUploads.status, 'uploaded')));
      return rows.length === 1 ? rows : undefined;
    });
    // The run scraped, downloaded a batch, queued three posts and one went out: the bell got one
    // notification, the run's summary (an upload's outcome commits with its 'uploaded' state).
    const bell = (await database.db.select().from(notifications).where(eq(notifications.userId, ownerId))).filter((n) => !bellBefore.has(n.id));
    expect(bell.map((n) => [n.kind, n.dedupeKey, n.link])).toEqual([['automation.completed', `automation-run:${run.id}`, '/automations']]);
    expect(bell[0]?.message).toContain('3 baru, 3 diunduh, 3 dijadwalkan untuk dipublikasikan');
    const events = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook?.id ?? ''));
    expect(events.map((e) => e.event).sort()).toEqual(['automation.run.completed', 'scrape.completed', 'upload.completed']);
    // Every event leads somewhere: the run's to the automations page.
    const runEvent = events.find((e) => e.event === 'automation.run.completed');
    expect((runEvent?.payload as { data: { link?: string } } | undefined)?.data.link).toBe('/automations');
    await database.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.id, hook?.id ?? ''));
  }, 240_000);

  it('titles items without a caption by the history\'s fallback before the template, and dedupes them by it', async () => {
    const untitled = (id: string, author: string) => ({ ...item(id, '', 500), authorMeta: { name: author } });
    fake.script(ACTOR, { polls: 1, items: [untitled('u1', 'ani'), untitled('u2', 'ani'), untitled('u3', 'budi')] });
    // The owner's channel (connected by an earlier test when the whole file runs).
    const [existing] = await database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.userId, ownerId));
    const accountId = existing?.id ?? (await connectFakeChannel(database, h.box, h.google, ownerId));
    const uploadsOf = () => database.db.select().from(youtubeUploads).where(eq(youtubeUploads.accountId, accountId));
    const before = new Set((await uploadsOf()).map((u) => u.id));
    const a = await automationOf(
      baseConfig({
        publish: publishTo(accountId, { maxPerDay: 5, metadata: { mode: 'template', title: '{title} | {platform}', description: '{title}', tags: [] } }),
      }),
    );
    const run = await finished(await runNow(a.id));
    expect(run.status, run.error ?? '').toBe('completed');
    // ani's two untitled videos share one fallback title: the second is a duplicate title.
    expect(run.counts).toMatchObject({ found: 3, new: 2, filteredOut: { duplicateTitle: 1 } });
    const uploads = (await uploadsOf()).filter((u) => !before.has(u.id));
    expect(uploads.map((u) => u.title).sort()).toEqual(['Video TikTok dari ani | TikTok', 'Video TikTok dari budi | TikTok']);
    for (const u of uploads) expect(u.title.startsWith('|')).toBe(false);
  }, 240_000);

  it('writes the upload metadata with Gemini when asked, one call per item', async () => {
    await h.stopWorkers();
    await h.startWorker({ GEMINI_BASE_URL: h.google.urls.geminiBaseUrl });
    await insertApiKey(database.db, { type: 'gemini', sealedKey: h.box.seal('gemini-kunci-uji'), lastEight: 'unci-uji', label: null });
    fake.script(ACTOR, { polls: 1, items: [item('g1', 'Kucing oren melompat', 500)] });
    const [account] = await database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.userId, ownerId));
    const a = await automationOf(
      baseConfig({
        publish: {
          destinations: [account?.id ?? ''],
          playlistId: null,
          slots: ['10:00'],
          maxPerDay: 1,
          privacyStatus: 'private',
          categoryId: '22',
          madeForKids: false,
          videoEffect: 'none',
          metadata: { mode: 'gemini' },
        },
      }),
    );
    const calls = h.google.geminiCalls.length;
    const run = await finished(await runNow(a.id));
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.notes.join(' ')).not.toContain('Gemini tidak menulis');
    const [upload] = await database.db.select().from(youtubeUploads).where(eq(youtubeUploads.sourceDownloadId, (await database.db.select().from(automationItems).where(eq(automationItems.automationId, a.id)))[0]?.downloadId ?? ''));
    // The fake Gemini's title visibly comes from the item's.
    expect(upload?.title).toBe('Kucing oren melompat | Wajib Tonton!');
    expect(h.google.geminiCalls.filter((c) => c.endpoint === 'gemini.generateContent').length).toBeGreaterThanOrEqual(1);
    expect(h.google.geminiCalls.length).toBeGreaterThan(calls);
    // The key, never checked, wrote content: it counts as checked (issue 31 item 6).
    expect(await findActiveApiKey(database.db, 'gemini')).toMatchObject({ isValid: true, validationMessage: GEMINI_KEY_WORKED });
  }, 240_000);

  it('a download that fails inside the run is in the run\'s one notification, as a failure with the reason', async () => {
    fake.script(ACTOR, { polls: 1, items: [item('f1', 'Berhasil diunduh', 500), { ...item('f2', 'Gagal diunduh', 500), webVideoUrl: media.urls.notFound }] });
    const a = await automationOf(baseConfig());
    const bellBefore = new Set((await database.db.select().from(notifications).where(eq(notifications.userId, ownerId))).map((n) => n.id));
    const run = await finished(await runNow(a.id));
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.counts).toMatchObject({ new: 2, downloaded: 1, failed: 1 });
    // No batch notification beside it: the run's summary, always delivered, names the failure.
    const bell = (await database.db.select().from(notifications).where(eq(notifications.userId, ownerId))).filter((n) => !bellBefore.has(n.id));
    expect(bell.map((n) => [n.kind, n.dedupeKey])).toEqual([['automation.failed', `automation-run:${run.id}`]]);
    expect(bell[0]?.message).toMatch(/selesai: 2 ditemukan, 0 tersaring, 2 baru, 1 diunduh, 1 gagal\. Unduhan gagal: .+\.$/);
    expect((await findAutomation(database.db, a.id))?.consecutiveFailures).toBe(0);
  }, 240_000);

  it('pauses the automation after three failed runs in a row, telling its owner why', async () => {
    const a = await automationOf(baseConfig({ source: { ...baseConfig().source, actorId: 'someone/else' } }));
    for (let i = 0; i < 3; i++) {
      const run = await finished(await runNow(a.id));
      expect(run.status).toBe('failed');
      expect(run.error).toContain('Platform scraper tidak valid');
    }
    const paused = await findAutomation(database.db, a.id);
    expect(paused).toMatchObject({ status: 'paused', consecutiveFailures: 3 });
    expect(paused?.pausedReason).toContain('3 run gagal berturut-turut');
    const said = await database.db.select().from(notifications).where(and(eq(notifications.userId, ownerId), eq(notifications.kind, 'automation.failed')));
    expect(said.filter((n) => n.message.includes(`"${a.name}" dijeda`))).toHaveLength(1);
  }, 120_000);
});

describe('a worker SIGKILLed mid-run', () => {
  it('in the middle of taking the items: another worker redoes the step, and the run completes once', async () => {
    await h.stopWorkers();
    fake.reset();
    fake.script(ACTOR, { polls: 1, items: [item('k1', 'Satu mati', 500), item('k2', 'Dua mati', 500)] });
    const { child: doomed, output } = h.spawnWorkerProcess();
    const exit = new Promise<NodeJS.Signals | null>((done) => doomed.once('exit', (_c, signal) => done(signal)));
    await until(`worker A to start:\n${output()}`, () => (output().includes('running') ? true : undefined));
    // The catalog's heartbeat (30 s) and retry delay (10 s, doubling), shortened for the run's
    // jobs (a job takes its queue's policy when it is sent; a worker's start sets the catalog's
    // again, so after worker A's): the dead worker's job is failed over in seconds. It only
    // changes how soon.
    await sender.updateQueue('automation.run', { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });
    const a = await automationOf(baseConfig());
    let runId = '';
    // The test holds the items table: worker A's step (run row locked, items being inserted, the
    // downloads not yet queued) waits on it; then worker A dies mid-transaction.
    await database.sql.begin(async (tx) => {
      await tx`lock table automation_items in exclusive mode`;
      runId = await runNow(a.id);
      await until('worker A to be inside the step, waiting on the items table', async () => {
        const rows = await database.sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "automation_items"%'`;
        return rows.length > 0 ? true : undefined;
      }, 120_000);
      const pid = doomed.pid;
      if (!pid) throw new Error('no pid');
      process.kill(-pid, 'SIGKILL');
      expect(await exit).toBe('SIGKILL');
    });
    expect((await findRun(database.db, runId))?.stage).toBe('filter');

    // Worker B starts once the supervisor has failed the dead worker's job over (its heartbeat
    // stopped) and counts the run's key as active no more: a pg-boss worker keeps each queue's
    // active singleton keys cached for a minute (queueCacheIntervalSeconds), so one started while
    // the job still read active would leave its retry alone that long. Nothing takes the retry
    // before worker B: no other worker serves the queue.
    await until("the dead worker's job to be failed over", async () => {
      const jobs = await sender.findJobs('automation.run', { data: { runId } });
      const queue = await sender.getQueue('automation.run');
      return jobs.some((j) => j.state === 'retry') && !(queue?.singletonsActive ?? []).includes(runId) ? true : undefined;
    }, 120_000);
    await h.startWorker();
    const run = await finished(runId, 180_000);
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.counts).toMatchObject({ found: 2, new: 2, downloaded: 2 });
    expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(1);
    // Nothing twice: two items taken, two downloads, one batch, one notification.
    expect(await database.db.select().from(automationItems).where(eq(automationItems.automationId, a.id))).toHaveLength(2);
    const got = await database.db.select().from(downloads).where(and(eq(downloads.ownerId, ownerId), inArray(downloads.sourceItemId, ['k1', 'k2'])));
    expect(got.map((d) => [d.sourceItemId, d.status]).sort()).toEqual([['k1', 'completed'], ['k2', 'completed']]);
    expect(new Set(got.map((d) => d.batchId))).toEqual(new Set([run.batchId]));
    const notes = await database.db.select().from(notifications).where(eq(notifications.dedupeKey, `automation-run:${runId}`));
    expect(notes).toHaveLength(1);
  }, 300_000);
});
