import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { TaskState } from '@scrapper/contracts/http/scrape';
import type { Db } from '../client.ts';
import { scrapeTaskLogs, scrapeTasks, type ScrapeTaskLogRow, type ScrapeTaskRow } from '../schema/scrape-tasks.ts';
import { users } from '../schema/users.ts';

const FINAL: TaskState[] = ['completed', 'failed', 'cancelled'];
/** Logs kept per task on the wire: the newest ones. */
export const TASK_LOG_LIMIT = 200;

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
    .where(and(notInArray(scrapeTasks.state, FINAL), ownerId ? eq(scrapeTasks.ownerId, ownerId) : undefined))
    .orderBy(asc(scrapeTasks.createdAt));
  return flatten(rows);
}

/** Finished tasks not hidden from history, newest first. */
export async function listScrapeHistory(db: Db, ownerId: string | null, limit = 500): Promise<ScrapeTaskWithOwner[]> {
  const rows = await db
    .select(withOwner)
    .from(scrapeTasks)
    .innerJoin(users, eq(users.id, scrapeTasks.ownerId))
    .where(
      and(inArray(scrapeTasks.state, FINAL), isNull(scrapeTasks.hiddenAt), ownerId ? eq(scrapeTasks.ownerId, ownerId) : undefined),
    )
    .orderBy(desc(sql`coalesce(${scrapeTasks.finishedAt}, ${scrapeTasks.createdAt})`))
    .limit(limit);
  return flatten(rows);
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

export async function listScrapeTaskLogs(db: Db, taskIds: string[]): Promise<Map<string, ScrapeTaskLogRow[]>> {
  const byTask = new Map<string, ScrapeTaskLogRow[]>();
  if (taskIds.length === 0) return byTask;
  // The newest TASK_LOG_LIMIT lines of each task, in order.
  const rows = await db.execute<{ id: number; task_id: string; message: string; at: string }>(sql`
    select id, task_id, message, at from (
      select l.*, row_number() over (partition by task_id order by id desc) as rn
      from ${scrapeTaskLogs} l where task_id in ${taskIds}
    ) t where rn <= ${TASK_LOG_LIMIT} order by task_id, id`);
  for (const r of rows) {
    const list = byTask.get(r.task_id) ?? [];
    list.push({ id: Number(r.id), taskId: r.task_id, message: r.message, at: new Date(r.at) });
    byTask.set(r.task_id, list);
  }
  return byTask;
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

/** Completed tasks with a result file: what the downloader can open. */
export async function listResultFiles(db: Db, ownerId: string | null): Promise<ScrapeTaskWithOwner[]> {
  const rows = await db
    .select(withOwner)
    .from(scrapeTasks)
    .innerJoin(users, eq(users.id, scrapeTasks.ownerId))
    .where(
      and(
        eq(scrapeTasks.state, 'completed'),
        isNotNull(scrapeTasks.resultFileName),
        ownerId ? eq(scrapeTasks.ownerId, ownerId) : undefined,
      ),
    )
    .orderBy(desc(scrapeTasks.finishedAt))
    .limit(1000);
  return flatten(rows);
}
