// scrape.run starts at most one (paid) Apify run per task, even when the worker dies between
// Apify accepting the run and the run id being saved: the start intent (a marker) is saved
// first and sent with the start, and a retry finds the marked run instead of starting another.
// Real PostgreSQL and pg-boss, a real worker process SIGKILLed at that exact moment, the real
// apify-client against the fake Apify.
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertApiKey, setActiveApiKey } from '@scrapper/db/queries/api-keys';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import {
  cancelScrapeTask,
  findScrapeTask,
  insertScrapeTask,
  recordScrapeTaskStartIntent,
} from '@scrapper/db/queries/scrape-tasks';
import { scrapeTaskLogs } from '@scrapper/db/schema';
import { createApify } from '@scrapper/integrations/apify';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { until, waitForTask } from '../../test/waits.ts';
import { newStartMarker } from './scrape-run.ts';

const ACTOR = 'clockworks/tiktok-scraper';
let h: WorkerHarness;
let database: Database;
let box: SecretBox;
let fake: FakeApify;
let supervisor: PgBoss;
let ownerId: string;
let keyId: string;
let counter = 0;

const tiktokItem = (i: number) => ({
  id: `7${String(i).padStart(18, '0')}`,
  text: `Video ${i}`,
  webVideoUrl: `https://www.tiktok.com/@kreator/video/7${String(i).padStart(18, '0')}`,
  videoMeta: { duration: 20, coverUrl: `https://p16.tiktokcdn.test/${i}.jpg` },
  authorMeta: { name: 'kreator' },
});

const config = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: ACTOR,
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
  mapping: { id: 'id', url: 'webVideoUrl', title: 'text', duration: 'videoMeta.duration', duration_format: 'seconds', author: 'authorMeta.name' },
  options: { resultsPerPage: { label: 'Jumlah', type: 'number', default: 20 } },
});

async function createTask(): Promise<string> {
  counter++;
  const target = `kucing ${counter}`;
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: ACTOR,
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target,
    input: { searchQueries: target, resultsPerPage: 10 },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  return task.id;
}

/**
 * An earlier attempt that recorded its start intent and died: with `reachedApify`, after Apify
 * accepted its start (the run exists, carrying the marker), without it, before the start left.
 */
async function diedMidStart(taskId: string, options: { reachedApify: boolean; token?: string; apiKeyId?: string }): Promise<string | undefined> {
  const task = await findScrapeTask(database.db, taskId);
  const intent = await recordScrapeTaskStartIntent(database.db, taskId, newStartMarker(options.apiKeyId ?? keyId), task?.apifyStartMarker ?? null);
  if (!intent) throw new Error('intent not recorded');
  if (!options.reachedApify) return undefined;
  const apify = createApify({ token: options.token ?? fake.token, baseUrl: fake.baseUrl, maxRetries: 0 });
  const run = await apify.startRun(ACTOR, { searchQueries: ['dari percobaan lama'] }, { marker: intent.marker });
  return run.runId;
}

async function logsOf(taskId: string): Promise<string[]> {
  const rows = await database.db.select().from(scrapeTaskLogs).where(eq(scrapeTaskLogs.taskId, taskId)).orderBy(scrapeTaskLogs.id);
  return rows.map((r) => r.message);
}

const starts = () => fake.requests.filter((r) => r.endpoint === 'actor.start');

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'scrape-once',
    apify: { waitForFinishCapMs: 50 },
    env: { WORKER_QUEUES: 'scrape.run', HEARTBEAT_INTERVAL_SECONDS: '1' },
  });
  ({ database, box, apify: fake } = h);
  ownerId = await h.insertUser('member');
  await replaceActorConfigs(database.db, [config]);
  keyId = await h.insertApifyKey();
  supervisor = await h.startSupervisor();
}, 120_000);

afterEach(async () => {
  await h.stopWorkers();
  fake.reset();
});

afterAll(async () => {
  await h?.close();
});

describe('scrape.run: a worker killed right after Apify accepted the run', () => {
  it('is retried by another worker, which follows that run: one Apify run, the task completed with its items', async () => {
    fake.script(ACTOR, { polls: 2, items: { count: 12, item: tiktokItem } });
    const held = fake.hold('actor.start');

    // Worker A: a real process in a group of its own, killed as when a machine dies.
    const { child: doomed, output } = h.spawnWorkerProcess();
    const doomedExit = new Promise<NodeJS.Signals | null>((done) => doomed.once('exit', (_code, signal) => done(signal)));
    await until(`worker A to create its queue:\n${output()}`, async () => ((await supervisor.getQueue('scrape.run')) ? true : undefined));
    const taskId = await createTask();
    // The catalog's heartbeat (30 s) and retry delay, shortened for this job only.
    await enqueue(supervisor, 'scrape.run', { taskId }, { singletonKey: taskId, heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false });

    // Its start request is at the fake, its intent saved before it was sent.
    const start = await Promise.race([
      held.arrived,
      doomedExit.then(() => {
        throw new Error(`worker A exited:\n${output()}`);
      }),
    ]);
    const intent = await findScrapeTask(database.db, taskId);
    expect(intent?.apifyStartMarker).toMatch(new RegExp(`^${keyId}\\.[A-Za-z0-9_-]{22}$`));
    expect(intent?.apifyStartRequestedAt).toBeInstanceOf(Date);
    expect(intent?.apifyRunId).toBeNull();

    // The task row is locked, so the save of the run id waits; then Apify accepts the run.
    const lock = await database.sql.reserve();
    try {
      await lock`begin`;
      await lock`select id from scrape_tasks where id = ${taskId} for update`;
      held.release();
      await until('Apify to accept the start', () => (start.status === 201 ? true : undefined));
      const waiting = await until('worker A to be saving the run id', async () => {
        const rows = await database.sql<{ pid: number }[]>`
          select pid from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike 'update "scrape_tasks"%' and query ilike '%apify_run_id%'`;
        return rows.length > 0 ? rows : undefined;
      });

      process.kill(-(doomed.pid ?? 0), 'SIGKILL');
      expect(await doomedExit).toBe('SIGKILL');
      // Its connection dies with it (PostgreSQL would notice at its next write to the socket;
      // a backend waiting on a lock does not look, so the test closes it as the kernel would).
      for (const { pid } of waiting) await database.sql`select pg_terminate_backend(${pid})`;
    } finally {
      await lock`rollback`;
      lock.release();
    }

    const afterDeath = await findScrapeTask(database.db, taskId);
    expect(afterDeath?.apifyRunId).toBeNull();
    const [paid] = fake.runs(ACTOR);
    expect(fake.runs(ACTOR)).toHaveLength(1);

    // Worker B takes the job over once A's heartbeat is stale.
    await h.startWorker();
    const task = await waitForTask(database, taskId, ['completed', 'failed'], 90_000);
    expect(task.error).toBeNull();
    expect(task.state).toBe('completed');
    expect(task.resultItemCount).toBe(12);
    expect(fake.runs(ACTOR)).toHaveLength(1);
    expect(starts()).toHaveLength(1);
    expect(task.apifyRunId).toBe(paid?.id);
    expect(task.apifyDatasetId).toBe(paid?.datasetId);
    expect(await logsOf(taskId)).toContain(`Run Apify dari percobaan sebelumnya ditemukan (run ${paid?.id}); diikuti tanpa memulai run baru.`);
  }, 180_000);
});

describe('scrape.run: a retry after a start whose run id was never saved', () => {
  it('starts a new run when Apify has none with the marker (the first start never got through)', async () => {
    fake.script(ACTOR, { polls: 1, items: { count: 3, item: tiktokItem } });
    const taskId = await createTask();
    await diedMidStart(taskId, { reachedApify: false });
    const marker = (await findScrapeTask(database.db, taskId))?.apifyStartMarker ?? '';
    const w = await h.startWorker();
    await enqueue(w.boss, 'scrape.run', { taskId }, { singletonKey: taskId });
    const task = await waitForTask(database, taskId, ['completed', 'failed'], 60_000);

    expect(task.state).toBe('completed');
    expect(task.resultItemCount).toBe(3);
    expect(fake.runs(ACTOR)).toHaveLength(1);
    // The new start carries the same marker: a later retry would still find it.
    expect(fake.runs(ACTOR)[0]?.userAgent).toContain(`; scrapper-start/${marker}`);
    expect(task.apifyRunId).toBe(fake.runs(ACTOR)[0]?.id);
    expect(await logsOf(taskId)).toContain('Run Apify dari percobaan sebelumnya tidak ditemukan; memulai run baru.');
  }, 60_000);

  it("does not adopt another task's run, and two tasks of the same actor at once each adopt only their own", async () => {
    fake.script(ACTOR, { polls: 1, items: { count: 4, item: tiktokItem } });
    const [a, b, c] = [await createTask(), await createTask(), await createTask()];
    // a and b each started a run and died; c recorded its intent and died before the start.
    const runA = await diedMidStart(a, { reachedApify: true });
    const runB = await diedMidStart(b, { reachedApify: true });
    await diedMidStart(c, { reachedApify: false });
    const w = await h.startWorker();
    await Promise.all([a, b, c].map((taskId) => enqueue(w.boss, 'scrape.run', { taskId }, { singletonKey: taskId })));
    const [doneA, doneB, doneC] = await Promise.all([a, b, c].map((taskId) => waitForTask(database, taskId, ['completed', 'failed'], 60_000)));

    expect([doneA?.state, doneB?.state, doneC?.state]).toEqual(['completed', 'completed', 'completed']);
    expect(doneA?.apifyRunId).toBe(runA);
    expect(doneB?.apifyRunId).toBe(runB);
    // c started its own run: neither a's nor b's.
    expect([runA, runB]).not.toContain(doneC?.apifyRunId);
    expect(fake.runs(ACTOR)).toHaveLength(3);
    expect(starts()).toHaveLength(3);
  }, 60_000);

  it('looks under the key the run was started with, even when another key became active since', async () => {
    fake.script(ACTOR, { polls: 1, items: { count: 2, item: tiktokItem } });
    fake.addToken('second-account-token', 'second-account');
    const second = await insertApiKey(database.db, { type: 'apify', sealedKey: box.seal('second-account-token'), lastEight: 'ntoken00', label: 'kedua' });
    const taskId = await createTask();
    const paid = await diedMidStart(taskId, { reachedApify: true });
    // The admin switches to the second account's key before the retry.
    await setActiveApiKey(database.db, 'apify', second.id);
    try {
      const w = await h.startWorker();
      await enqueue(w.boss, 'scrape.run', { taskId }, { singletonKey: taskId });
      const task = await waitForTask(database, taskId, ['completed', 'failed'], 60_000);
      expect(task.state).toBe('completed');
      expect(task.apifyRunId).toBe(paid);
      expect(fake.runs(ACTOR)).toHaveLength(1);
      const lists = fake.requests.filter((r) => r.endpoint === 'actor.runs');
      expect(lists.map((r) => r.token)).toEqual([fake.token]);
    } finally {
      await setActiveApiKey(database.db, 'apify', keyId);
    }
  }, 60_000);

  it('a task cancelled while its start was cut short still stops the run Apify accepted, and keeps its cost', async () => {
    fake.script(ACTOR, { polls: 50, items: { count: 2, item: tiktokItem } });
    const taskId = await createTask();
    const orphan = await diedMidStart(taskId, { reachedApify: true });
    // The member cancels while no worker knows the run's id.
    expect(await cancelScrapeTask(database.db, taskId)).toBeTruthy();
    const w = await h.startWorker();
    await enqueue(w.boss, 'scrape.run', { taskId }, { singletonKey: taskId });
    // The line is written once every marked run is aborted and its cost recorded.
    await until('the log line', async () => ((await logsOf(taskId)).includes('Tugas dibatalkan; run Apify yang sempat dimulai dihentikan.') ? true : undefined), 20_000);

    expect(fake.runs(ACTOR).find((r) => r.id === orphan)?.status).toMatch(/^ABORT/);
    // Only the start that was cut short: the retry started nothing.
    expect(fake.runs(ACTOR)).toHaveLength(1);
    expect(starts()).toHaveLength(1);
    const task = await findScrapeTask(database.db, taskId);
    expect(task?.state).toBe('cancelled');
    expect(task?.usageTotalUsd).not.toBeNull();
  }, 60_000);

  it('records the start intent once: a second delivery racing the first does not replace its marker', async () => {
    const taskId = await createTask();
    const first = await recordScrapeTaskStartIntent(database.db, taskId, newStartMarker(keyId), null);
    const racing = await recordScrapeTaskStartIntent(database.db, taskId, newStartMarker(keyId), null);
    expect(first?.marker).toBeTruthy();
    expect(racing).toBeUndefined();
    expect((await findScrapeTask(database.db, taskId))?.apifyStartMarker).toBe(first?.marker);
  });
});
