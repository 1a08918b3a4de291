import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type Db } from '../client.ts';
import * as schema from '../schema/index.ts';
import { scrapeTasks } from '../schema/scrape-tasks.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { jakartaMonthBefore, scrapeCostFigures } from './analytics.ts';
import { insertUser } from './users.ts';

// Apify costs per member and Jakarta month. Jakarta is UTC+7: a month starts at 17:00 UTC on
// the last day of the month before, so the boundary rows below sit a second either side of it.

let testDb: TestDatabase;
let database: Database;
let aliceId: string;
let bobId: string;
/** The same database through a client that records the statements it sends. */
let logged: Db;
let loggedSql: postgres.Sql;
let sent: Array<{ query: string; params: unknown[] }> = [];

// 09:00 WIB on 1 March 2026: still 28 February in UTC.
const NOW = new Date('2026-03-01T02:00:00Z');
const MONTHS = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

async function task(ownerId: string, createdAt: string, usageTotalUsd: number | null, withRun = true) {
  await database.db.insert(scrapeTasks).values({
    ownerId,
    actorId: 'clockworks/tiktok-scraper',
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: 'kopi',
    input: { searchQueries: 'kopi' },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    state: 'completed',
    createdAt: new Date(createdAt),
    apifyRunId: withRun ? `run-${Math.random().toString(36).slice(2)}` : null,
    usageTotalUsd,
  });
}

function month(m: string, totalUsd: number, runs: number, runsWithoutCost = 0) {
  return { month: m, totalUsd, runs, runsWithoutCost };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
  // postgres.js's debug hook sees every statement, whether drizzle built it or a tagged template.
  loggedSql = postgres(testDb.url, { max: 1, onnotice: () => {}, debug: (_connection, query, params) => sent.push({ query, params }) });
  logged = drizzle(loggedSql, { schema }) as unknown as Db;
  const alice = await insertUser(database.db, { username: 'alice', passwordHash: 'x', role: 'user' });
  const bob = await insertUser(database.db, { username: 'Bob', passwordHash: 'x', role: 'user' });
  await insertUser(database.db, { username: 'carol', passwordHash: 'x', role: 'admin' });
  if (!alice || !bob) throw new Error('users not created');
  aliceId = alice.id;
  bobId = bob.id;

  await task(aliceId, '2025-09-30T16:59:59Z', 9); // 23:59:59 WIB, 30 Sep: before the window
  await task(aliceId, '2025-09-30T17:00:00Z', 1); // 00:00 WIB, 1 Oct: its first instant
  await task(aliceId, '2026-02-28T16:59:59Z', 0.5); // last second of February in Jakarta
  await task(aliceId, '2026-02-28T17:00:00Z', 0.25); // March in Jakarta, February in UTC
  await task(aliceId, '2026-03-01T01:00:00Z', null); // a run Apify gave no cost for
  await task(aliceId, '2026-03-01T01:30:00Z', null, false); // no run at all (no key): not a run
  await task(bobId, '2026-01-15T05:00:00Z', 0.123456);
  await task(bobId, '2026-01-20T05:00:00Z', 0.000001);
});
afterAll(async () => {
  await loggedSql.end({ timeout: 5 });
  await database.close();
  await testDb.drop();
});

describe('jakartaMonthBefore', () => {
  it('names Jakarta months and when they begin, across year ends', () => {
    expect(jakartaMonthBefore(NOW, 0)).toEqual({ month: '2026-03', start: new Date('2026-02-28T17:00:00Z') });
    expect(jakartaMonthBefore(NOW, 3)).toEqual({ month: '2025-12', start: new Date('2025-11-30T17:00:00Z') });
    expect(jakartaMonthBefore(new Date('2025-12-31T17:30:00Z'), 0).month).toBe('2026-01');
    expect(jakartaMonthBefore(new Date('2026-01-05T00:00:00Z'), 13)).toEqual({ month: '2024-12', start: new Date('2024-11-30T17:00:00Z') });
  });
});

describe('scrapeCostFigures', () => {
  it("totals a member's runs per Jakarta month, zeros included, boundaries in WIB", async () => {
    const figures = await scrapeCostFigures(database.db, aliceId, 6, NOW);
    expect(figures.months).toEqual(MONTHS);
    expect(figures.monthly).toEqual([
      month('2025-10', 1, 1),
      month('2025-11', 0, 0),
      month('2025-12', 0, 0),
      month('2026-01', 0, 0),
      month('2026-02', 0.5, 1),
      month('2026-03', 0.25, 2, 1),
    ]);
    expect(figures.byMember).toEqual([]);
  });

  it('gives admins everyone per month and each member with runs, by username', async () => {
    const figures = await scrapeCostFigures(database.db, null, 6, NOW);
    expect(figures.monthly).toEqual([
      month('2025-10', 1, 1),
      month('2025-11', 0, 0),
      month('2025-12', 0, 0),
      month('2026-01', 0.123457, 2),
      month('2026-02', 0.5, 1),
      month('2026-03', 0.25, 2, 1),
    ]);
    expect(figures.byMember.map((member) => [member.username, member.userId])).toEqual([
      ['alice', aliceId],
      ['Bob', bobId],
    ]);
    expect(figures.byMember[1]?.monthly.find((m) => m.month === '2026-01')).toEqual(month('2026-01', 0.123457, 2));
  });

  it('reads the window through scrape_tasks_owner_idx, for a member and for everyone', async () => {
    // Years of tasks for many members: a plan that scanned every task would show.
    await database.sql.unsafe(`insert into users (username, password_hash, role) select 'cost-' || g, 'x', 'user' from generate_series(1, 30) g`);
    await database.sql.unsafe(`insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, created_at, apify_run_id, usage_total_usd)
      select u.id, 'a', 'tiktok', 'keyword', 't', '{}'::jsonb, '{}'::jsonb, now() - (g * 3 || ' hours')::interval, 'r', 0.01
      from users u cross join generate_series(1, 2000) g where u.username like 'cost-%'`);
    await database.sql.unsafe('analyze scrape_tasks');
    for (const owner of [aliceId, null]) {
      const plan = await planOf(() => scrapeCostFigures(logged, owner, 6, NOW));
      const summary = plan.map((n) => `${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : ''}${n['Relation Name'] ? ` of ${n['Relation Name']}` : ''}`).join(' > ');
      expect(plan.some((n) => n['Index Name'] === 'scrape_tasks_owner_idx'), summary).toBe(true);
      expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'scrape_tasks'), summary).toEqual([]);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of the statement on scrape_tasks that `run` sent, with its own parameters. */
async function planOf(run: () => Promise<unknown>): Promise<PlanNode[]> {
  sent = [];
  await run();
  const statement = sent.find((s) => /scrape_tasks/.test(s.query));
  if (!statement) throw new Error(`no statement on scrape_tasks among ${sent.map((s) => s.query).join('\n')}`);
  const [row] = await database.sql.unsafe(`explain (format json) ${statement.query}`, statement.params as postgres.ParameterOrJSON<never>[]);
  const plan = (row?.['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]?.Plan;
  if (!plan) throw new Error('no plan');
  return nodes(plan);
}
