// The first page of the notifications list and of the YouTube uploads list is read from the
// `created_at desc` indexes, not sorted from every row: the ORDER BY must be in the indexes'
// nulls order (`desc nulls last`; docs/decisions.md). Proven on the statements the query
// functions really send, with EXPLAIN over enough rows that a sort would show.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../client.ts';
import * as schema from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { listNotifications } from './notifications.ts';
import { listYouTubeUploads } from './youtube.ts';

let testDb: TestDatabase;
let sql: postgres.Sql;
let db: Db;
let sent: Array<{ query: string; params: unknown[] }> = [];
let memberId = '';

const USERS = 20;
const ROWS_PER_USER = 2_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  sql = postgres(testDb.url, { max: 2, onnotice: () => {} });
  db = drizzle(sql, {
    schema,
    logger: { logQuery: (query, params) => sent.push({ query, params }) },
  }) as unknown as Db;
  await sql.unsafe(`insert into users (username, password_hash, role)
    select 'order-' || g, 'x', 'user' from generate_series(1, ${USERS}) g`);
  const [member] = await sql<Array<{ id: string }>>`select id from users where username = 'order-1'`;
  memberId = member?.id ?? '';
  await sql.unsafe(`insert into notifications (user_id, kind, message, dedupe_key, created_at)
    select u.id, 'scrape', 'Selesai ' || g, 'k' || g, now() - (g || ' seconds')::interval
    from users u cross join generate_series(1, ${ROWS_PER_USER}) g where u.username like 'order-%'`);
  await sql.unsafe(`insert into youtube_accounts (user_id, channel_id, account_name, sealed_tokens)
    select id, 'UC' || username, 'Kanal ' || username, 'sealed' from users where username like 'order-%'`);
  await sql.unsafe(`insert into youtube_uploads (user_id, account_id, title, source_kind, source_url, status, created_at)
    select a.user_id, a.id, 'Video ' || g, 'url', 'https://example.test/' || g, 'uploaded', now() - (g || ' seconds')::interval
    from youtube_accounts a cross join generate_series(1, ${ROWS_PER_USER}) g`);
  await sql.unsafe('analyze');
}, 120_000);
afterAll(async () => {
  await sql.end({ timeout: 5 });
  await testDb.drop();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  'Presorted Key'?: string[];
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of the statement `run` sent that has an ORDER BY. */
async function planOf(run: () => Promise<unknown>): Promise<PlanNode[]> {
  sent = [];
  await run();
  const statement = sent.find((s) => /order by/i.test(s.query));
  if (!statement) throw new Error(`no ordered statement among ${sent.map((s) => s.query).join('\n')}`);
  const [row] = await sql.unsafe(`explain (format json) ${statement.query}`, statement.params as postgres.ParameterOrJSON<never>[]);
  const plan = (row?.['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]?.Plan;
  if (!plan) throw new Error('no plan');
  return nodes(plan);
}

function expectIndexOrder(plan: PlanNode[], ...indexes: string[]) {
  const summary = plan.map((n) => `${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : ''}${n['Sort Key'] ? ` by ${n['Sort Key'].join(', ')}` : ''}`).join(' > ');
  expect(plan.some((n) => indexes.includes(n['Index Name'] ?? '')), summary).toBe(true);
  // A full sort would read every matching row; an incremental sort only orders ties on
  // created_at by id as the rows come out of the index.
  expect(plan.filter((n) => n['Node Type'] === 'Sort'), summary).toEqual([]);
}

it('the notifications list reads its first page from notifications_user_created_idx', async () => {
  const rows = await listNotifications(db, memberId);
  expect(rows).toHaveLength(50);
  expect(rows.map((r) => r.message).slice(0, 3)).toEqual(['Selesai 1', 'Selesai 2', 'Selesai 3']);
  expectIndexOrder(await planOf(() => listNotifications(db, memberId)), 'notifications_user_created_idx');
});

// Here every member's uploads interleave in time, so walking everyone's newest and keeping the
// member's (youtube_uploads_created_idx) is as cheap as the member's own index: either is fine.
it("a member's YouTube uploads list reads its first page from a created_at index", async () => {
  const { rows, total } = await listYouTubeUploads(db, { userId: memberId, limit: 20, offset: 0 });
  expect(total).toBe(ROWS_PER_USER);
  expect(rows.map((r) => r.title).slice(0, 3)).toEqual(['Video 1', 'Video 2', 'Video 3']);
  expectIndexOrder(await planOf(() => listYouTubeUploads(db, { userId: memberId, limit: 20, offset: 0 })), 'youtube_uploads_user_created_idx', 'youtube_uploads_created_idx');
});

it("the admin's YouTube uploads list (everyone's) reads its first page from youtube_uploads_created_idx", async () => {
  const { rows, total } = await listYouTubeUploads(db, { userId: null, limit: 20, offset: 0 });
  expect(total).toBe(USERS * ROWS_PER_USER);
  expect(rows).toHaveLength(20);
  expectIndexOrder(await planOf(() => listYouTubeUploads(db, { userId: null, limit: 20, offset: 0 })), 'youtube_uploads_created_idx');
});
