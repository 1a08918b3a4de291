// What a scrape costs: the job records its Apify run's usageTotalUsd on the task as it follows
// the run and the final value at the end, whatever the end. Real PostgreSQL and pg-boss, the
// real apify-client against the testkit's fake Apify, the seed actor configs, and items shaped
// like each seeded actor's real output.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { ResultFileSchema } from '@scrapper/contracts/http/scrape';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { cancelScrapeTask, findScrapeTask, insertScrapeTask, type ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import type { ProcessStorage } from '@scrapper/integrations/storage/create-storage';
import { ACTOR_IDS, ACTOR_OUTPUT_PLATFORMS, actorOutputScenario, type ActorOutputPlatform } from '@scrapper/testkit/fake-apify/actor-output';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { waitForResultIndex, waitForTask } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

let h: WorkerHarness;
let database: Database;
let fake: FakeApify;
let storage: ProcessStorage;
let ownerId: string;
let worker: RunningWorker | undefined;

async function startedWorker(): Promise<RunningWorker> {
  worker ??= await h.startWorker();
  return worker;
}

/** A task of the platform's seed config, queued for the worker. */
async function scrape(platform: ActorOutputPlatform, target: string): Promise<string> {
  const seed = seedActorConfigs.find((config) => config.platformId === platform);
  if (!seed) throw new Error(`no seed for ${platform}`);
  const keyword = seed.inputKeys?.keyword;
  const url = seed.inputKeys?.url ?? seed.inputKey ?? 'startUrls';
  const scrapeType = keyword ? 'keyword' : 'url';
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: seed.actorId,
    platformId: platform,
    scrapeType,
    target,
    input: { [keyword ?? url]: target },
    platformInfo: { platformId: platform, displayName: seed.displayName, scrapeType },
  });
  const w = await startedWorker();
  await enqueue(w.boss, 'scrape.run', { taskId: task.id }, { singletonKey: task.id });
  return task.id;
}

/** The costs the task row showed while the run went, until it reached one of `states`. */
async function costsUntil(taskId: string, states: string[]): Promise<{ task: ScrapeTaskWithOwner; seen: (number | null)[] }> {
  const seen: (number | null)[] = [];
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = await findScrapeTask(database.db, taskId);
    if (task && seen.at(-1) !== task.usageTotalUsd) seen.push(task.usageTotalUsd);
    if (task && states.includes(task.state)) return { task, seen };
    if (Date.now() > deadline) throw new Error(`task ${taskId} is ${task?.state}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'scrape-cost', apify: { waitForFinishCapMs: 50 }, env: { WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0' } });
  ({ database, storage, apify: fake } = h);
  ownerId = await h.insertUser('member');
  await replaceActorConfigs(database.db, seedActorConfigs.map((seed) => ActorConfigSchema.parse(seed)));
  await h.insertApifyKey();
});

afterEach(() => fake.reset());

afterAll(async () => {
  await h?.close();
});

describe('scrape.run: the run cost', () => {
  it('records the cost as it grows while the run goes, and the final cost on the completed task', async () => {
    fake.script(ACTOR_IDS.tiktok, actorOutputScenario('tiktok', { durationMs: 2500, usageTotalUsd: 0.0375 }));
    const taskId = await scrape('tiktok', 'kopi susu');
    const { task, seen } = await costsUntil(taskId, ['completed', 'failed']);

    expect(task.state).toBe('completed');
    expect(task.usageTotalUsd).toBe(0.0375);
    // Null before the first poll, then rising figures below the final one, then the final one.
    const known = seen.filter((cost): cost is number => cost !== null);
    expect(known.length).toBeGreaterThanOrEqual(3);
    expect(known.at(-1)).toBe(0.0375);
    expect(known.slice(0, -1).every((cost) => cost > 0 && cost < 0.0375)).toBe(true);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(fake.runs(ACTOR_IDS.tiktok)[0]?.usageTotalUsd).toBe(0.0375);
  });

  it('keeps the final cost of a run that failed', async () => {
    fake.script(ACTOR_IDS.youtube, { polls: 2, outcome: 'FAILED', usageTotalUsd: 0.021 });
    const taskId = await scrape('youtube', 'nasi goreng');
    const task = await waitForTask(database, taskId, ['failed', 'completed']);
    expect(task.state).toBe('failed');
    expect(task.usageTotalUsd).toBe(0.021);
  });

  it('keeps what a cancelled run spent until its abort', async () => {
    fake.script(ACTOR_IDS.instagram, actorOutputScenario('instagram', { durationMs: 60_000, usageTotalUsd: 6 }));
    const taskId = await scrape('instagram', 'https://www.instagram.com/kulinerjkt/');
    // Running and already costing something.
    const deadline = Date.now() + 20_000;
    while (((await findScrapeTask(database.db, taskId))?.usageTotalUsd ?? 0) === 0) {
      if (Date.now() > deadline) throw new Error('no cost seen while running');
      await new Promise((r) => setTimeout(r, 50));
    }
    await cancelScrapeTask(database.db, taskId);
    await expect.poll(() => fake.runs(ACTOR_IDS.instagram)[0]?.status, { timeout: 15_000 }).toBe('ABORTED');
    const spent = fake.runs(ACTOR_IDS.instagram)[0]?.usageTotalUsd ?? -1;
    await expect.poll(async () => (await findScrapeTask(database.db, taskId))?.usageTotalUsd, { timeout: 15_000 }).toBe(spent);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(6);
    expect((await findScrapeTask(database.db, taskId))?.state).toBe('cancelled');
  });

  it('leaves the cost unknown (null) when Apify reports none', async () => {
    fake.script(ACTOR_IDS.facebook, actorOutputScenario('facebook', { polls: 1, usageTotalUsd: Number.NaN }));
    const taskId = await scrape('facebook', 'https://www.facebook.com/detikcom');
    const task = await waitForTask(database, taskId, ['completed', 'failed']);
    expect(task.state).toBe('completed');
    expect(task.usageTotalUsd).toBeNull();
  });
});

describe('scrape.run: the seeded actors as they are', () => {
  it("maps each seeded actor's real-shaped output into the result file, with the run's cost", async () => {
    const expected: Record<ActorOutputPlatform, string[]> = {
      tiktok: ['https://www.tiktok.com/@kopikenangan.id/video/7423512345678901234', 'https://www.tiktok.com/@dapur.bunda/video/7423599999999999999?is_from_webapp=1'],
      douyin: ['https://www.douyin.com/video/7425678901234567890', 'https://www.douyin.com/video/7425678901200000002'],
      youtube: ['https://www.youtube.com/watch?v=a1B2c3D4e5F', 'https://www.youtube.com/shorts/Zz9Yy8Xx7Ww', 'https://www.youtube.com/watch?v=LiveLiveLiv'],
      instagram: ['https://www.instagram.com/p/DAbCdEfGhIj/', 'https://www.instagram.com/p/DAHidden003/'],
      facebook: ['https://www.facebook.com/reel/987654321098765', 'https://www.facebook.com/reel/987654321000002'],
    };
    const tasks = new Map<ActorOutputPlatform, string>();
    for (const [index, platform] of ACTOR_OUTPUT_PLATFORMS.entries()) {
      fake.script(ACTOR_IDS[platform], actorOutputScenario(platform, { polls: 1, usageTotalUsd: 0.001 * (index + 1) }));
      tasks.set(platform, await scrape(platform, platform === 'facebook' ? 'https://www.facebook.com/detikcom' : `target ${platform}`));
    }
    for (const [index, platform] of ACTOR_OUTPUT_PLATFORMS.entries()) {
      const task = await waitForTask(database, tasks.get(platform) ?? '', ['completed', 'failed']);
      expect(task.error, platform).toBeNull();
      expect(task.usageTotalUsd, platform).toBe(0.001 * (index + 1));
      // The file holds the raw items (every one found); the index rows hold the mapped ones.
      const file = ResultFileSchema.parse(JSON.parse(await storage.readText(task.resultPath ?? '')));
      expect(file.items, platform).toHaveLength(task.counts?.found ?? -1);
      // The rows come from the result.index job queued with the completion.
      await waitForResultIndex(database, task.id);
      const rows = await database.sql<Array<{ url: string }>>`select url from result_items where task_id = ${task.id} and item_id is not null order by position`;
      expect(rows.map((r) => r.url), platform).toEqual(expected[platform]);
    }
  });
});
