// Queries of the maintenance sweep's housekeeping: expired previews and OAuth states, old runs,
// and which jobs of pg-boss are still to run (their temp folders must stay).
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { previews, type PreviewRow } from '../schema/downloads.ts';
import { maintenanceRuns } from '../schema/maintenance-runs.ts';
import { oauthStates } from '../schema/youtube.ts';

/** A preview a job still works on (queued, running) is never expired. */
const FINISHED_PREVIEW = ['completed', 'failed', 'cancelled'] as const;

function expiredPreview(before: Date) {
  return and(
    inArray(previews.status, [...FINISHED_PREVIEW]),
    sql`coalesce(${previews.finishedAt}, ${previews.createdAt}) < ${before.toISOString()}::timestamptz`,
  );
}

/** Previews finished before `before`, oldest first, at most `limit`. */
export async function listExpiredPreviews(
  db: Db,
  before: Date,
  limit: number,
): Promise<Array<Pick<PreviewRow, 'id' | 'storageKey' | 'sizeBytes'>>> {
  return db
    .select({ id: previews.id, storageKey: previews.storageKey, sizeBytes: previews.sizeBytes })
    .from(previews)
    .where(expiredPreview(before))
    .orderBy(previews.finishedAt)
    .limit(limit);
}

/**
 * Deletes a preview's row if it is still expired (a failed preview may have been queued again
 * meanwhile, and then it is a new preview). True when the row went.
 */
export async function deletePreviewIfExpired(db: Db, id: string, before: Date): Promise<boolean> {
  const rows = await db
    .delete(previews)
    .where(and(eq(previews.id, id), expiredPreview(before)))
    .returning({ id: previews.id });
  return rows.length > 0;
}

/**
 * OAuth states that can no longer be spent: past their expiry, or already used (single-use).
 * A state still waiting for its callback stays.
 */
export async function deleteDeadOAuthStates(db: Db): Promise<number> {
  const rows = await db
    .delete(oauthStates)
    .where(or(lt(oauthStates.expiresAt, sql`now()`), isNotNull(oauthStates.usedAt)))
    .returning({ id: oauthStates.id });
  return rows.length;
}

/** Maintenance runs older than `before` (the admin sees the newest; a year of 15-minute runs is 35 000 rows). */
export async function deleteMaintenanceRunsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(maintenanceRuns)
    .where(and(lt(maintenanceRuns.createdAt, before), inArray(maintenanceRuns.status, ['completed', 'failed'])))
    .returning({ id: maintenanceRuns.id });
  return rows.length;
}

/**
 * Of `ids`, those that a job of `queue` (payload field `field`) still has to run or runs now:
 * pg-boss states created, retry and active, on any worker. Read from pg-boss's own table,
 * since the job's row in ours may say `running` for a job whose worker died.
 */
export async function listIdsOfUnfinishedJobs(db: Db, queue: string, field: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    select distinct data->>${field} as id
    from pgboss.job
    where name = ${queue}
      and state in ('created', 'retry', 'active')
      and data->>${field} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return new Set(rows.map((r) => r.id));
}
