import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type Db } from '../client.ts';
import * as schema from '../schema/index.ts';
import { scrapeTasks } from '../schema/scrape-tasks.ts';
import { users } from '../schema/users.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
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
      { ...month('2025-10', 1, 1), members: 1 },
      { ...month('2025-11', 0, 0), members: 0 },
      { ...month('2025-12', 0, 0), members: 0 },
      { ...month('2026-01', 0.123457, 2), members: 1 },
      { ...month('2026-02', 0.5, 1), members: 1 },
      { ...month('2026-03', 0.25, 2, 1), members: 1 },
    ]);
    expect(figures.byMember.map((member) => [member.username, member.userId])).toEqual([
      ['alice', aliceId],
      ['Bob', bobId],
    ]);
    expect(figures.byMember[1]?.monthly.find((m) => m.month === '2026-01')).toEqual(month('2026-01', 0.123457, 2));
  });

  it("lists only each month's highest members, while everyone's totals and counts cover them all", async () => {
    // One member listed a month: alice is the highest in October, February and March, Bob in
    // January; a third member with the lowest cost of March is counted but not listed.
    const dave = await insertUser(database.db, { username: 'dave', passwordHash: 'x', role: 'user' });
    if (!dave) throw new Error('user not created');
    await task(dave.id, '2026-03-01T00:30:00Z', 0.01);
    try {
      const figures = await scrapeCostFigures(database.db, null, 6, NOW, 1);
      expect(figures.byMember.map((member) => member.username)).toEqual(['alice', 'Bob']);
      expect(figures.monthly.at(-1)).toEqual({ ...month('2026-03', 0.26, 3, 1), members: 2 });
      // With room for two a month, dave is March's second.
      const two = await scrapeCostFigures(database.db, null, 6, NOW, 2);
      expect(two.byMember.map((member) => member.username)).toEqual(['alice', 'Bob', 'dave']);
    } finally {
      await database.db.delete(scrapeTasks).where(eq(scrapeTasks.ownerId, dave.id));
      await database.db.delete(users).where(eq(users.id, dave.id));
    }
  });

  it('reads the monthly roll-up, never scrape_tasks, for a member and for everyone', async () => {
    for (const owner of [aliceId, null]) {
      sent = [];
      await scrapeCostFigures(logged, owner, 6, NOW);
      expect(sent.map((s) => s.query).filter((q) => /scrape_tasks/.test(q))).toEqual([]);
      expect(sent.some((s) => /scrape_monthly_costs/.test(s.query))).toBe(true);
    }
  });
});

describe('scrape_monthly_costs', () => {
  /** The roll-up as stored, and the same aggregate straight from scrape_tasks, written out independently. */
  async function stored() {
    return [
      ...(await database.sql`select owner_id::text, month, runs, runs_with_cost, total_usd::text from scrape_monthly_costs
        where runs <> 0 or runs_with_cost <> 0 or total_usd <> 0 order by 1, 2`),
    ];
  }
  async function aggregated() {
    return [
      ...(await database.sql`select owner_id::text, to_char(created_at at time zone 'Asia/Jakarta', 'YYYY-MM') as month,
          count(*)::int as runs, count(usage_total_usd)::int as runs_with_cost, coalesce(sum(usage_total_usd), 0)::numeric(18, 6)::text as total_usd
        from scrape_tasks where apify_run_id is not null group by 1, 2 order by 1, 2`),
    ];
  }

  it('equals the aggregate through inserts, a run starting, a cost growing, a move across months, deletes and a user delete', async () => {
    const check = async (step: string) => expect(await stored(), step).toEqual(await aggregated());
    await check('the rows of beforeAll');
    const dave = await insertUser(database.db, { username: 'dave', passwordHash: 'x', role: 'user' });
    if (!dave) throw new Error('no user');
    const [row] = await database.sql<Array<{ id: string }>>`insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, created_at)
      values (${dave.id}, 'a', 'tiktok', 'keyword', 't', '{}'::jsonb, '{}'::jsonb, '2026-02-28T16:30:00Z') returning id`;
    const id = row?.id ?? '';
    await check('inserted without a run');
    await database.sql`update scrape_tasks set apify_run_id = 'run-x' where id = ${id}`;
    await check('its run started');
    await database.sql`update scrape_tasks set usage_total_usd = 0.01 where id = ${id}`;
    await database.sql`update scrape_tasks set usage_total_usd = 0.025, progress_percentage = 50 where id = ${id}`;
    await check('its cost reported and grown');
    await database.sql`update scrape_tasks set created_at = '2026-02-28T17:30:00Z' where id = ${id}`;
    await check('moved into the next Jakarta month');
    await database.sql`insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, created_at, apify_run_id, usage_total_usd)
      select ${dave.id}, 'a', 'tiktok', 'keyword', 't' || g, '{}'::jsonb, '{}'::jsonb, '2026-01-10T00:00:00Z'::timestamptz + (g || ' hours')::interval, 'r' || g,
        case when g % 3 = 0 then null else 0.001 * g end
      from generate_series(1, 40) g`;
    await check('bulk insert');
    await database.sql`delete from scrape_tasks where owner_id = ${dave.id} and target like 't1%'`;
    await check('deletes');
    await database.sql`delete from users where id = ${dave.id}`;
    await check('user deleted');
    expect((await stored()).some((r) => r.owner_id === dave.id)).toBe(false);
  });
});
