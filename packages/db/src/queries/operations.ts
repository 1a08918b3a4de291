// What operators watch: readiness of the job queues and the figures behind /api/metrics. The
// pg-boss tables are read directly (schema `pgboss`, see queue.ts): one grouped statement is far
// cheaper than pg-boss's per-queue API calls, and scrapes come every few seconds.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** Which of `names` exist as pg-boss queues (fails when the pgboss schema itself is missing). */
export async function listBossQueueNames(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  // drizzle expands an array parameter into `($1, $2, ...)`.
  const rows = await db.execute<{ name: string }>(
    sql`select name from pgboss.queue where name in ${names}`,
  );
  return rows.map((r) => r.name);
}

export interface JobCount {
  queue: string;
  state: string;
  count: number;
  /** Of `count`, jobs whose start time has come (a created or retry job that may run now). */
  ready: number;
}

/** Jobs per queue and state, in one grouped statement over pg-boss's job table. */
export async function countJobsByQueueAndState(db: Db): Promise<JobCount[]> {
  const rows = await db.execute<{ queue: string; state: string; count: number; ready: number }>(sql`
    select name as queue, state::text as state, count(*)::int as count,
      (count(*) filter (where start_after <= now()))::int as ready
    from pgboss.job group by name, state`);
  return rows.map((r) => ({ queue: r.queue, state: r.state, count: r.count, ready: r.ready }));
}

export interface ActiveWork {
  /** Downloads a worker is fetching now (status running). */
  downloads: number;
  /** YouTube uploads a worker is sending now (status processing). */
  uploads: number;
  /** Worker processes that sent a heartbeat since the given instant. */
  workersAlive: number;
}

export async function countActiveWork(db: Db, workersSeenSince: Date): Promise<ActiveWork> {
  const [row] = await db.execute<{ downloads: number; uploads: number; workers: number }>(sql`
    select
      (select count(*) from downloads where status = 'running')::int as downloads,
      (select count(*) from youtube_uploads where status = 'processing')::int as uploads,
      (select count(*) from worker_heartbeats where last_seen_at >= ${workersSeenSince.toISOString()}::timestamptz)::int as workers`);
  return {
    downloads: row?.downloads ?? 0,
    uploads: row?.uploads ?? 0,
    workersAlive: row?.workers ?? 0,
  };
}
