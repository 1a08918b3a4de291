import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { TaskState } from '@scrapper/contracts/http/scrape';
import { FINAL_TASK_STATES } from '@scrapper/contracts/rules/task-states';
import type postgres from 'postgres';
import type { Db } from '../client.ts';
import { bossTransaction } from '../queue.ts';
import { scrapeTaskLogs, scrapeTasks, type ScrapeTaskLogRow, type ScrapeTaskRow } from '../schema/scrape-tasks.ts';
import { users } from '../schema/users.ts';
import type { SendJob, WebhookTx } from './webhooks.ts';
import { toInstant, toInstantOrNull, toNumberOrNull, type RawInstant, type RawNumber } from './raw-values.ts';

const FINAL = [...FINAL_TASK_STATES];
/** The unfinished states, named (not "not final") so scrape_tasks_state_idx can find them among a million finished tasks. */
const UNFINISHED: TaskState[] = ['waiting', 'active', 'running'];

export type ScrapeTaskWithOwner = ScrapeTaskRow & { ownerUsername: string };

const withOwner = { task: scrapeTasks, ownerUsername: users.username };

function flatten(rows: Array<{ task: ScrapeTaskRow; ownerUsername: string }>): ScrapeTaskWithOwner[] {
  return rows.map((r) => ({ ...r.task, ownerUsername: r.ownerUsername }));
}

export async function insertScrapeTask(
  db: Db,
  values: Pick<ScrapeTaskRow, 'ownerId' | 'actorId' | 'platformId' | 'scrapeType' | 'target' | 'input' | 'platformInfo'> &
    Partial<Pick<ScrapeTaskRow, 'retryOf'>>,
): Promise<ScrapeTaskRow> {
  const [row] = await db.insert(scrapeTasks).values(values).returning();
  if (!row) throw new Error('insert into scrape_tasks returned no row');
  return row;
}

/**
 * "Queue a scrape task", the one command for it: the task row and its `scrape.run` job, written
 * in the caller's transaction (both commit or neither does). One job per task: a duplicate send
 * for the same task is a no-op. `send` is the worker's `ctx.enqueue`, or the API's `enqueue`
 * bound to its boss. The caller has checked the source (checkScrapeSource) already.
 */
export async function queueScrapeTask(
  tx: WebhookTx,
  send: SendJob,
  values: Parameters<typeof insertScrapeTask>[1],
): Promise<ScrapeTaskRow> {
  const task = await insertScrapeTask(tx.db, values);
  await send('scrape.run', { taskId: task.id }, { db: bossTransaction(tx.sql), singletonKey: task.id });
  return task;
}

export async function findScrapeTask(db: Db, id: string): Promise<ScrapeTaskWithOwner | undefined> {
  const rows = await db.select(withOwner).from(scrapeTasks).innerJoin(users, eq(users.id, scrapeTasks.ownerId)).where(eq(scrapeTasks.id, id)).limit(1);
  return flatten(rows)[0];
}

/** Unfinished tasks, oldest first; `ownerId` null lists everyone's (admins). */
export async function listActiveScrapeTasks(db: Db, ownerId: string | null): Promise<ScrapeTaskWithOwner[]> {
  const rows = await db
    .select(withOwner)
    .from(scrapeTasks)
    .innerJoin(users, eq(users.id, scrapeTasks.ownerId))
    .where(and(inArray(scrapeTasks.state, UNFINISHED), ownerId ? eq(scrapeTasks.ownerId, ownerId) : undefined))
    .orderBy(asc(scrapeTasks.createdAt));
  return flatten(rows);
}

/**
 * What a history list shows: finished, not hidden, the caller's (`ownerId` null: everyone's).
 * The states are written as literals, not parameters: the partial history indexes are chosen
 * only when the planner can prove their predicate, which a generic plan over `$1, $2, $3`
 * (what a prepared statement turns into after a few runs) cannot.
 */
function historyWhere(sql: postgres.Sql, ownerId: string | null) {
  return sql`t.state in ('completed', 'failed', 'cancelled') and t.hidden_at is null ${ownerId ? sql`and t.owner_id = ${ownerId}` : sql``}`;
}

/** What a scrape history row shows: the columns it reads, nothing more. */
export type ScrapeHistoryEntry = Pick<
  ScrapeTaskWithOwner,
  | 'id'
  | 'state'
  | 'platformId'
  | 'target'
  | 'resultFileName'
  | 'resultItemCount'
  | 'finishedAt'
  | 'ownerUsername'
  | 'usageTotalUsd'
  | 'counts'
  | 'warning'
  | 'error'
  | 'errorDetail'
  | 'retryOf'
>;

interface ScrapeHistoryEntryRow {
  id: string;
  state: TaskState;
  platform_id: string;
  target: string;
  result_file_name: string | null;
  result_item_count: number | null;
  finished_at: RawInstant | null;
  owner_username: string;
  usage_total_usd: RawNumber | null;
  counts: ScrapeTaskRow['counts'];
  warning: string | null;
  error: string | null;
  error_detail: string | null;
  retry_of: string | null;
}

/**
 * One page of finished tasks not hidden from history, newest finished first (id breaks ties,
 * so pages never overlap), and how many there are in all. Plain postgres.js, reading only the
 * columns a history row shows: the route's hot path, as the download history and files list.
 */
export async function listScrapeHistory(
  db: Db,
  ownerId: string | null,
  page: { offset: number; limit: number },
): Promise<{ rows: ScrapeHistoryEntry[]; total: number }> {
  const sql = db.$client;
  const [rows, counted] = await Promise.all([
    sql<ScrapeHistoryEntryRow[]>`
      select t.id, t.state, t.platform_id, t.target, t.result_file_name, t.result_item_count, t.finished_at,
        u.username as owner_username, t.usage_total_usd, t.counts, t.warning, t.error, t.error_detail, t.retry_of
      from scrape_tasks t inner join users u on u.id = t.owner_id
      where ${historyWhere(sql, ownerId)}
      order by coalesce(t.finished_at, t.created_at) desc, t.id desc
      limit ${page.limit} offset ${page.offset}`,
    // Kept by triggers (scrape_library_totals, migration 0014): one row, or a sum over members,
    // instead of counting 100,000 (or 1,000,000) tasks on every page.
    sql<Array<{ total: number }>>`
      select coalesce(sum(history_entries), 0)::int as total from scrape_library_totals
      ${ownerId ? sql`where owner_id = ${ownerId}` : sql``}`,
  ]);
  const entries: ScrapeHistoryEntry[] = rows.map((r) => ({
    id: r.id,
    state: r.state,
    platformId: r.platform_id,
    target: r.target,
    resultFileName: r.result_file_name,
    resultItemCount: r.result_item_count,
    finishedAt: toInstantOrNull(r.finished_at),
    ownerUsername: r.owner_username,
    usageTotalUsd: toNumberOrNull(r.usage_total_usd),
    counts: r.counts,
    warning: r.warning,
    error: r.error,
    errorDetail: r.error_detail,
    retryOf: r.retry_of,
  }));
  return { rows: entries, total: counted[0]?.total ?? 0 };
}

export async function hideScrapeTask(db: Db, id: string): Promise<void> {
  await db.update(scrapeTasks).set({ hiddenAt: new Date() }).where(eq(scrapeTasks.id, id));
}

export async function findScrapeTaskByResultFile(db: Db, fileName: string): Promise<ScrapeTaskWithOwner | undefined> {
  const rows = await db
    .select(withOwner)
    .from(scrapeTasks)
    .innerJoin(users, eq(users.id, scrapeTasks.ownerId))
    .where(eq(scrapeTasks.resultFileName, fileName))
    .limit(1);
  return flatten(rows)[0];
}

export interface TaskLogTail {
  /** The newest lines, oldest first. */
  logs: ScrapeTaskLogRow[];
  /** All lines of the task. */
  count: number;
}

/**
 * The newest `tail` lines and the line count of each task, in one query (a lateral join
 * walking scrape_task_logs_task_idx backwards per task), not one query per task.
 */
export async function listScrapeTaskLogTails(db: Db, taskIds: string[], tail: number): Promise<Map<string, TaskLogTail>> {
  const byTask = new Map<string, TaskLogTail>(taskIds.map((id) => [id, { logs: [], count: 0 }]));
  if (taskIds.length === 0) return byTask;
  const rows = await db.execute<{ task_id: string; count: number; id: string | null; message: string | null; at: string | null }>(sql`
    select t.task_id, c.count, l.id, l.message, l.at
    from (values ${sql.join(taskIds.map((id) => sql`(${id}::uuid)`), sql`, `)}) as t(task_id)
    cross join lateral (select count(*)::int as count from ${scrapeTaskLogs} where task_id = t.task_id) c
    left join lateral (
      select id, message, at from ${scrapeTaskLogs} where task_id = t.task_id order by id desc limit ${tail}
    ) l on true
    order by t.task_id, l.id`);
  for (const r of rows) {
    const entry = byTask.get(r.task_id) ?? { logs: [], count: 0 };
    entry.count = Number(r.count);
    if (r.id !== null && r.message !== null && r.at !== null) {
      entry.logs.push({ id: Number(r.id), taskId: r.task_id, message: r.message, at: toInstant(r.at) });
    }
    byTask.set(r.task_id, entry);
  }
  return byTask;
}

/**
 * A task's lines after line `after`, oldest first, at most `limit`; `hasMore` when more
 * follow, `count` all lines of the task.
 */
export async function listScrapeTaskLogsAfter(
  db: Db,
  taskId: string,
  after: number,
  limit: number,
): Promise<{ logs: ScrapeTaskLogRow[]; hasMore: boolean; count: number }> {
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(scrapeTaskLogs)
      .where(and(eq(scrapeTaskLogs.taskId, taskId), gt(scrapeTaskLogs.id, after)))
      .orderBy(asc(scrapeTaskLogs.id))
      .limit(limit + 1),
    db.select({ count: sql<number>`count(*)::int` }).from(scrapeTaskLogs).where(eq(scrapeTaskLogs.taskId, taskId)),
  ]);
  return { logs: rows.slice(0, limit), hasMore: rows.length > limit, count: counted[0]?.count ?? 0 };
}

// Worker side. Each update is guarded by the state it expects, so a job delivered twice,
// or a cancel racing a completion, never moves a finished task.

export async function markScrapeTaskActive(db: Db, id: string): Promise<ScrapeTaskRow | undefined> {
  const [row] = await db
    .update(scrapeTasks)
    .set({ state: sql`case when ${scrapeTasks.state} = 'waiting' then 'active' else ${scrapeTasks.state} end`, startedAt: sql`coalesce(${scrapeTasks.startedAt}, now())` })
    .where(and(eq(scrapeTasks.id, id), notInArray(scrapeTasks.state, FINAL)))
    .returning();
  return row;
}

/** Records the Apify run once; false when the task already has one (or is finished). */
export async function setScrapeTaskRun(db: Db, id: string, runId: string, datasetId: string): Promise<boolean> {
  const rows = await db
    .update(scrapeTasks)
    .set({ apifyRunId: runId, apifyDatasetId: datasetId, state: 'running' })
    .where(and(eq(scrapeTasks.id, id), isNull(scrapeTasks.apifyRunId), notInArray(scrapeTasks.state, FINAL)))
    .returning({ id: scrapeTasks.id });
  return rows.length > 0;
}

/**
 * Records the intent to start an Apify run, before the start is sent: `marker` (sent with the
 * start, see the worker's scrape job) and when, by the database's clock. Compare-and-set on the
 * marker it replaces (null for none): of two deliveries racing, one wins. Undefined when the
 * task has a run already, is finished, or its marker is no longer `replacing`.
 */
export async function recordScrapeTaskStartIntent(
  db: Db,
  id: string,
  marker: string,
  replacing: string | null,
): Promise<{ marker: string; requestedAt: Date } | undefined> {
  const [row] = await db
    .update(scrapeTasks)
    .set({ apifyStartMarker: marker, apifyStartRequestedAt: sql`now()` })
    .where(
      and(
        eq(scrapeTasks.id, id),
        isNull(scrapeTasks.apifyRunId),
        notInArray(scrapeTasks.state, FINAL),
        replacing === null ? isNull(scrapeTasks.apifyStartMarker) : eq(scrapeTasks.apifyStartMarker, replacing),
      ),
    )
    .returning({ marker: scrapeTasks.apifyStartMarker, requestedAt: scrapeTasks.apifyStartRequestedAt });
  if (!row?.marker || !row.requestedAt) return undefined;
  return { marker: row.marker, requestedAt: row.requestedAt };
}

/** Progress of a running task; `usageTotalUsd` is its run's cost so far, when Apify said. */
export async function updateScrapeTaskProgress(
  db: Db,
  id: string,
  progress: { itemsFound: number; percentage: number; usageTotalUsd?: number | undefined },
): Promise<void> {
  await db
    .update(scrapeTasks)
    .set({
      itemsFound: progress.itemsFound,
      progressPercentage: progress.percentage,
      state: 'running',
      ...(progress.usageTotalUsd === undefined ? {} : { usageTotalUsd: progress.usageTotalUsd }),
    })
    .where(and(eq(scrapeTasks.id, id), notInArray(scrapeTasks.state, FINAL)));
}

/**
 * A run's cost learnt after its task ended (a member cancelled it and the abort answered with
 * what the run had spent). Written whatever the task's state, since the money is spent either
 * way; never lowered, since Apify's figure only grows.
 */
export async function recordScrapeTaskCost(db: Db, id: string, usageTotalUsd: number): Promise<void> {
  await db
    .update(scrapeTasks)
    .set({ usageTotalUsd: sql`greatest(coalesce(${scrapeTasks.usageTotalUsd}, 0), ${usageTotalUsd})` })
    .where(eq(scrapeTasks.id, id));
}

export async function appendScrapeTaskLogs(db: Db, id: string, messages: string[], newOffset?: number): Promise<void> {
  if (messages.length > 0) await db.insert(scrapeTaskLogs).values(messages.map((message) => ({ taskId: id, message })));
  if (newOffset !== undefined) await db.update(scrapeTasks).set({ logOffset: newOffset }).where(eq(scrapeTasks.id, id));
}

/**
 * `usageTotalUsd`: the finished run's final cost, when Apify said. `counts`: what the mapping
 * kept and why it left the rest out; `warning`: set when it found items but kept none.
 */
export async function completeScrapeTask(
  db: Db,
  id: string,
  result: {
    fileName: string;
    path: string;
    itemCount: number;
    usageTotalUsd?: number | undefined;
    counts?: ScrapeTaskRow['counts'];
    warning?: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(scrapeTasks)
    .set({
      ...(result.usageTotalUsd === undefined ? {} : { usageTotalUsd: result.usageTotalUsd }),
      state: 'completed',
      progressPercentage: 100,
      // What the run found, kept or not ("Item ditemukan" agrees with "20 ditemukan, 0 disimpan").
      itemsFound: result.counts?.found ?? result.itemCount,
      resultFileName: result.fileName,
      resultPath: result.path,
      resultItemCount: result.itemCount,
      counts: result.counts ?? null,
      warning: result.warning ?? null,
      error: null,
      errorDetail: null,
      finishedAt: new Date(),
    })
    .where(and(eq(scrapeTasks.id, id), notInArray(scrapeTasks.state, FINAL)))
    .returning({ id: scrapeTasks.id });
  return rows.length > 0;
}

/**
 * `error`: one Indonesian sentence; `detail`: the service's own words, when it said any.
 * `usageTotalUsd`: the ended run's final cost, when there was a run and Apify said.
 */
export async function failScrapeTask(
  db: Db,
  id: string,
  error: string,
  usageTotalUsd?: number,
  detail?: string | null,
): Promise<boolean> {
  const rows = await db
    .update(scrapeTasks)
    .set({
      ...(usageTotalUsd === undefined ? {} : { usageTotalUsd }),
      state: 'failed',
      error,
      errorDetail: detail ?? null,
      finishedAt: new Date(),
    })
    .where(and(eq(scrapeTasks.id, id), notInArray(scrapeTasks.state, FINAL)))
    .returning({ id: scrapeTasks.id });
  return rows.length > 0;
}

export async function cancelScrapeTask(db: Db, id: string): Promise<ScrapeTaskRow | undefined> {
  const [row] = await db
    .update(scrapeTasks)
    .set({ state: 'cancelled', finishedAt: new Date() })
    .where(and(eq(scrapeTasks.id, id), notInArray(scrapeTasks.state, FINAL)))
    .returning();
  return row;
}
