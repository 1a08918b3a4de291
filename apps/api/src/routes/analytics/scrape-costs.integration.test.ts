import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsSchema } from '@scrapper/contracts/http/analytics';
import { ScrapeHistoryRecordSchema, TaskSchema } from '@scrapper/contracts/http/scrape';
import { jakartaMonthBefore } from '@scrapper/db/queries/analytics';
import { scrapeTasks } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

// Who sees which Apify costs: a member their own tasks' costs and their own monthly totals;
// an admin everyone's, and each member's. The month figures' arithmetic and Jakarta month
// boundaries are proven in packages/db (analytics-scrape-costs.integration.test.ts).

let h: Harness;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
let aliceTaskId: string;
let bobTaskId: string;
const now = new Date();
const thisMonth = jakartaMonthBefore(now, 0);
const lastMonth = jakartaMonthBefore(now, 1);

async function insertTask(ownerId: string, createdAt: Date, usageTotalUsd: number | null, state: 'running' | 'completed' = 'completed'): Promise<string> {
  const [row] = await h.database.db
    .insert(scrapeTasks)
    .values({
      ownerId,
      actorId: 'clockworks/tiktok-scraper',
      platformId: 'tiktok',
      scrapeType: 'keyword',
      target: 'kopi',
      input: { searchQueries: 'kopi' },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
      state,
      createdAt,
      finishedAt: state === 'completed' ? createdAt : null,
      apifyRunId: `run-${Math.random().toString(36).slice(2)}`,
      usageTotalUsd,
    })
    .returning();
  if (!row) throw new Error('no task');
  return row.id;
}

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');

  // A minute into this Jakarta month, and a minute before it (last month).
  aliceTaskId = await insertTask(aliceId, new Date(thisMonth.start.getTime() + 60_000), 0.0123);
  await insertTask(aliceId, new Date(thisMonth.start.getTime() - 60_000), 0.5);
  await insertTask(aliceId, new Date(now.getTime() - 1000), 0.0042, 'running');
  bobTaskId = await insertTask(bobId, new Date(thisMonth.start.getTime() + 120_000), 2.25);
});
afterAll(() => h.close());

describe('scrape costs on tasks', () => {
  it('shows a member the cost of their own tasks, running and finished, and never another member’s', async () => {
    const status = await h.request('GET', `/api/scrape/status/${aliceTaskId}`, { token: alice });
    expect(status.status).toBe(200);
    expect(TaskSchema.parse(status.body).usageTotalUsd).toBe(0.0123);

    const active = await h.request('GET', '/api/scrape/active-tasks', { token: alice });
    expect(active.body.map((t: { usageTotalUsd: number | null }) => t.usageTotalUsd)).toEqual([0.0042]);

    const history = await h.request('GET', '/api/scrape/history', { token: alice });
    const records = history.body.history.map((r: unknown) => ScrapeHistoryRecordSchema.parse(r));
    expect(records.map((r: { usageTotalUsd: number | null }) => r.usageTotalUsd).sort()).toEqual([0.0123, 0.5]);

    expect((await h.request('GET', `/api/scrape/status/${bobTaskId}`, { token: alice })).status).toBe(404);
  });

  it('shows an admin every task’s cost', async () => {
    const history = await h.request('GET', '/api/scrape/history', { token: admin });
    const costs = history.body.history.map((r: { usageTotalUsd: number | null }) => r.usageTotalUsd).sort();
    expect(costs).toEqual([0.0123, 0.5, 2.25]);
  });
});

describe('monthly scrape costs in analytics', () => {
  it("gives a member their own months only, without anyone else's figures", async () => {
    const res = await h.request('GET', '/api/analytics/dashboard', { token: alice });
    expect(res.status).toBe(200);
    const { scrapeCosts } = AnalyticsSchema.parse(res.body);
    expect(scrapeCosts.byMember).toBeUndefined();
    expect(scrapeCosts.monthly).toHaveLength(6);
    expect(scrapeCosts.monthly.at(-1)).toEqual({ month: thisMonth.month, totalUsd: 0.0165, runs: 2, runsWithoutCost: 0 });
    expect(scrapeCosts.monthly.at(-2)).toEqual({ month: lastMonth.month, totalUsd: 0.5, runs: 1, runsWithoutCost: 0 });
    expect(JSON.stringify(res.body)).not.toContain('bob');

    const other = AnalyticsSchema.parse((await h.request('GET', '/api/analytics/dashboard', { token: bob })).body);
    expect(other.scrapeCosts.monthly.at(-1)?.totalUsd).toBe(2.25);
    expect(other.scrapeCosts.monthly.at(-2)?.totalUsd).toBe(0);
  });

  it('gives an admin everyone’s months and each member’s', async () => {
    const res = await h.request('GET', '/api/analytics/dashboard', { token: admin });
    const { scrapeCosts } = AnalyticsSchema.parse(res.body);
    expect(scrapeCosts.monthly.at(-1)).toEqual({ month: thisMonth.month, totalUsd: 2.2665, runs: 3, runsWithoutCost: 0, members: 2 });
    expect(scrapeCosts.byMember?.map((m) => [m.username, m.userId, m.monthly.at(-1)?.totalUsd])).toEqual([
      ['alice', aliceId, 0.0165],
      ['bob', bobId, 2.25],
    ]);
  });

  it('refuses without a token', async () => {
    expect((await h.request('GET', '/api/analytics/dashboard')).status).toBe(401);
  });
});
