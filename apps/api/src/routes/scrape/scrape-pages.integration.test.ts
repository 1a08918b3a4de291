// Issue 16: the scrape history pages with a true total, and tasks carry their newest log
// lines (plus a count) while the rest come from the logs endpoint after a line id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;

interface HistoryRow {
  jobId: string;
  target: string;
  completedAt: string | null;
}
interface LogLine {
  id: number;
  message: string;
  at: string;
}

/** Finished tasks of `owner`, `target` numbered 1..n; task n finished last. */
async function seedFinished(ownerId: string, n: number, prefix: string, extra = ''): Promise<void> {
  await h.database.sql.unsafe(
    `insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state, created_at, finished_at ${extra ? ', hidden_at' : ''})
     select $1, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', $2 || g, '{}'::jsonb,
            '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}'::jsonb,
            (array['completed','failed','cancelled'])[1 + g % 3],
            timestamptz '2026-01-01' + g * interval '1 minute',
            timestamptz '2026-01-01' + g * interval '1 minute' + interval '30 seconds'
            ${extra ? ', now()' : ''}
     from generate_series(1, $3::int) g`,
    [ownerId, prefix, n],
  );
}

/** A running task of `ownerId`, and its id. */
async function seedRunning(ownerId: string, target: string): Promise<string> {
  const rows = await h.database.sql`
    insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state)
    values (${ownerId}, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', ${target}, '{}'::jsonb,
            '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}'::jsonb, 'running')
    returning id`;
  const id = rows[0]?.id;
  if (typeof id !== 'string') throw new Error('no task row');
  return id;
}

/** Log lines `from..to` of each task, written round-robin so the tasks' line ids interleave. */
async function seedLogs(taskIds: string[], from: number, to: number): Promise<void> {
  await h.database.sql`
    insert into scrape_task_logs (task_id, message)
    select t.id, 'baris ' || g from generate_series(${from}::int, ${to}::int) g
    cross join unnest(${taskIds}::uuid[]) with ordinality as t(id, n)
    order by g, t.n`;
}

beforeAll(async () => {
  h = await startHarness();
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  bobId = (await h.createUser('bob', 'bob-password', 'user')).id;
  await h.createUser('boss', 'boss-password', 'admin');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  // alice: 130 finished, 5 hidden, plus a running one; bob: 20 finished.
  await seedFinished(aliceId, 130, 'alice-');
  await seedFinished(aliceId, 5, 'hidden-', 'hidden');
  await seedRunning(aliceId, 'masih jalan');
  await seedFinished(bobId, 20, 'bob-');
});
afterAll(async () => {
  await h.close();
});

describe('GET /api/scrape/history pages', () => {
  it('sends the newest 50 by default, with the true total of all matching rows', async () => {
    const res = await h.request('GET', '/api/scrape/history', { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 130, hasMore: true });
    const rows = res.body.history as HistoryRow[];
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.target).slice(0, 3)).toEqual(['alice-130', 'alice-129', 'alice-128']);
  });

  it('walks every page once: no row twice, none missing, the last page says no more', async () => {
    const seen: string[] = [];
    let offset = 0;
    // Bounded: a page answer that always says "more" must fail the test, not hang it.
    for (let page = 0; page < 10; page += 1) {
      const res = await h.request('GET', `/api/scrape/history?offset=${offset}&limit=40`, { token: alice });
      expect(res.status).toBe(200);
      const rows = res.body.history as HistoryRow[];
      expect(rows.length).toBeLessThanOrEqual(40);
      seen.push(...rows.map((r) => r.target));
      offset += rows.length;
      if (!res.body.pagination.hasMore) break;
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen).toEqual(Array.from({ length: 130 }, (_, i) => `alice-${130 - i}`));
  });

  it('keeps other members, hidden and unfinished tasks out of a member’s count', async () => {
    const bobs = await h.request('GET', '/api/scrape/history?limit=200', { token: bob });
    expect(bobs.body.pagination).toEqual({ total: 20, hasMore: false });
    expect((bobs.body.history as HistoryRow[]).every((r) => r.target.startsWith('bob-'))).toBe(true);
  });

  it('gives an admin everyone’s, counted over all of them, past the old 500-row cap', async () => {
    await seedFinished(bobId, 500, 'banyak-');
    const res = await h.request('GET', '/api/scrape/history?offset=600&limit=200', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 650, hasMore: false });
    expect(res.body.history).toHaveLength(50);
  });

  it.each([
    ['limit=201', 'limit paling banyak 200.'],
    ['limit=0', 'limit minimal 1.'],
    ['offset=-1', 'offset tidak boleh negatif.'],
    ['offset=x', 'offset harus berupa angka.'],
    ['offset=1.5', 'offset harus bilangan bulat.'],
  ])('refuses %s with a readable 400', async (query, message) => {
    const res = await h.request('GET', `/api/scrape/history?${query}`, { token: alice });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.history).toBeUndefined();
  });
});

describe('task logs in small pieces', () => {
  let long: string;
  let short: string;
  let silent: string;
  beforeAll(async () => {
    long = await seedRunning(aliceId, 'log panjang');
    short = await seedRunning(aliceId, 'log pendek');
    silent = await seedRunning(aliceId, 'tanpa log');
    await seedLogs([long, short], 1, 5);
    await seedLogs([long], 6, 300);
  });

  it('active tasks carry each task’s newest 20 lines, oldest first, and the count of all', async () => {
    const res = await h.request('GET', '/api/scrape/active-tasks', { token: alice });
    expect(res.status).toBe(200);
    const byId = new Map((res.body as Array<{ id: string; logs: LogLine[]; logCount: number }>).map((t) => [t.id, t]));
    const longTask = byId.get(long);
    expect(longTask?.logCount).toBe(300);
    expect(longTask?.logs.map((l) => l.message)).toEqual(Array.from({ length: 20 }, (_, i) => `baris ${281 + i}`));
    const ids = longTask?.logs.map((l) => l.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(byId.get(short)).toMatchObject({ logCount: 5 });
    expect(byId.get(short)?.logs.map((l) => l.message)).toEqual(['baris 1', 'baris 2', 'baris 3', 'baris 4', 'baris 5']);
    expect(byId.get(silent)).toMatchObject({ logCount: 0, logs: [] });
  });

  it('status carries the same tail and count', async () => {
    const res = await h.request('GET', `/api/scrape/status/${long}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.logCount).toBe(300);
    expect(res.body.logs).toHaveLength(20);
    expect(res.body.logs[19].message).toBe('baris 300');
  });

  it('the logs endpoint pages through one task’s lines after an id, oldest first, and no other task’s', async () => {
    const first = await h.request('GET', `/api/scrape/status/${long}/logs`, { token: alice });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ logCount: 300, hasMore: true });
    const firstLines = first.body.logs as LogLine[];
    expect(firstLines).toHaveLength(200);
    expect(firstLines[0]?.message).toBe('baris 1');
    expect(firstLines[199]?.message).toBe('baris 200');

    const after = firstLines[199]?.id ?? 0;
    const rest = await h.request('GET', `/api/scrape/status/${long}/logs?after=${after}&limit=500`, { token: alice });
    expect(rest.body).toMatchObject({ logCount: 300, hasMore: false });
    expect((rest.body.logs as LogLine[]).map((l) => l.message)).toEqual(Array.from({ length: 100 }, (_, i) => `baris ${201 + i}`));

    const all = [...firstLines, ...(rest.body.logs as LogLine[])];
    expect(all.map((l) => l.message)).toEqual(Array.from({ length: 300 }, (_, i) => `baris ${i + 1}`));

    // The short task's lines sit between the long task's first five: none leak across.
    const shortLines = await h.request('GET', `/api/scrape/status/${short}/logs?after=0&limit=2`, { token: alice });
    expect(shortLines.body).toMatchObject({ logCount: 5, hasMore: true });
    expect((shortLines.body.logs as LogLine[]).map((l) => l.message)).toEqual(['baris 1', 'baris 2']);
  });

  it('answers nothing more after the last line', async () => {
    const status = await h.request('GET', `/api/scrape/status/${long}`, { token: alice });
    const last = (status.body.logs as LogLine[]).at(-1)?.id ?? 0;
    const res = await h.request('GET', `/api/scrape/status/${long}/logs?after=${last}`, { token: alice });
    expect(res.body).toEqual({ logs: [], logCount: 300, hasMore: false });
  });

  it('follows the status access rule: own tasks, admins any, another member 404', async () => {
    expect((await h.request('GET', `/api/scrape/status/${long}/logs`, { token: bob })).status).toBe(404);
    expect((await h.request('GET', `/api/scrape/status/${long}/logs`, { token: admin })).status).toBe(200);
    expect((await h.request('GET', `/api/scrape/status/${long}/logs`)).status).toBe(401);
  });

  it.each([
    ['after=-1', 'after tidak boleh negatif.'],
    ['after=abc', 'after harus berupa angka.'],
    ['after=1.5', 'after harus bilangan bulat.'],
    ['limit=501', 'limit paling banyak 500.'],
    ['limit=0', 'limit minimal 1.'],
    ['limit=x', 'limit harus berupa angka.'],
  ])('refuses %s with a readable 400', async (query, message) => {
    const res = await h.request('GET', `/api/scrape/status/${long}/logs?${query}`, { token: alice });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.logs).toBeUndefined();
  });
});
