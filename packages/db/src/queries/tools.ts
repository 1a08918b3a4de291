// The worker's side of the managed tools: one update at a time across every worker (a database
// lock), the record of each check, and each worker's report of the programs it runs. The reads
// for the admin's status are in tool-status.ts.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ToolCheckOutcome, WorkerToolReport } from '@scrapper/contracts/http/tools';
import type { Database, Db } from '../client.ts';
import { toolUpdateChecks, workerHeartbeats, type ToolUpdateCheckRow } from '../schema/worker-heartbeats.ts';

/** How long a worker waits for another one's update before it gives up on this round. */
export const TOOL_UPDATE_LOCK_WAIT_MS = 20 * 60_000;

export class ToolUpdateLockTimeout extends Error {
  override readonly name = 'ToolUpdateLockTimeout';
}

/**
 * Runs `update` while holding the update lock of `tool`: one update check at a time across every
 * worker process on every machine, so two never download or swap at once (two on one machine would
 * share DATA_DIR/tools). A second caller waits for the first (up to `waitMs`) and then runs its own
 * check, which on the same machine finds the copy current. The lock is a transaction-scoped
 * advisory lock: it ends with the transaction, also when the process dies. `update` does its own
 * writes through the pool, not inside this transaction.
 */
export async function withToolUpdateLock<T>(
  database: Database,
  tool: string,
  update: () => Promise<T>,
  waitMs: number = TOOL_UPDATE_LOCK_WAIT_MS,
): Promise<T> {
  try {
    return await database.transaction(async ({ sql }) => {
      // lock_timeout bounds the wait for the advisory lock; it is reset for what runs after.
      await sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(waitMs))}ms`}, true)`;
      await sql`select pg_advisory_xact_lock(hashtext(${`scrapper:tool-update:${tool}`}))`;
      await sql`select set_config('lock_timeout', '0', true)`;
      return update();
    });
  } catch (error) {
    // 55P03 lock_not_available: another worker's update took longer than we would wait.
    if ((error as { code?: string }).code === '55P03') {
      throw new ToolUpdateLockTimeout(`Pembaruan ${tool} lain masih berjalan lebih dari ${Math.round(waitMs / 60_000)} menit.`, { cause: error });
    }
    throw error;
  }
}

export interface NewToolUpdateCheck {
  tool?: string;
  hostname: string;
  workerId: string | null;
  outcome: ToolCheckOutcome;
  fromVersion: string | null;
  toVersion: string | null;
  latestVersion: string | null;
  message: string;
  startedAt: Date;
  finishedAt?: Date;
}

export async function insertToolUpdateCheck(db: Db, check: NewToolUpdateCheck): Promise<ToolUpdateCheckRow> {
  const [row] = await db
    .insert(toolUpdateChecks)
    .values({ ...check, tool: check.tool ?? 'yt-dlp', finishedAt: check.finishedAt ?? new Date() })
    .returning();
  if (!row) throw new Error('tool_update_checks insert returned no row');
  return row;
}

/** This machine's newest check of `tool` (any outcome); undefined before the first. */
export async function findLastToolUpdateCheck(db: Db, hostname: string, tool = 'yt-dlp'): Promise<ToolUpdateCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(toolUpdateChecks)
    .where(and(eq(toolUpdateChecks.tool, tool), eq(toolUpdateChecks.hostname, hostname)))
    .orderBy(desc(toolUpdateChecks.finishedAt), desc(toolUpdateChecks.id))
    .limit(1);
  return row;
}

/**
 * The newest version any machine found verified on the channel (a check that ended `updated` or
 * `current`), with when: a machine that has an older one catches up.
 */
export async function findLatestVerifiedToolVersion(db: Db, tool = 'yt-dlp'): Promise<Pick<ToolUpdateCheckRow, 'latestVersion' | 'hostname' | 'finishedAt'> | undefined> {
  const [row] = await db
    .select({ latestVersion: toolUpdateChecks.latestVersion, hostname: toolUpdateChecks.hostname, finishedAt: toolUpdateChecks.finishedAt })
    .from(toolUpdateChecks)
    .where(and(eq(toolUpdateChecks.tool, tool), inArray(toolUpdateChecks.outcome, ['updated', 'current']), isNotNull(toolUpdateChecks.latestVersion)))
    .orderBy(desc(toolUpdateChecks.finishedAt), desc(toolUpdateChecks.id))
    .limit(1);
  return row;
}

/** Writes a worker's tool report into its heartbeat row (false when the row is gone). */
export async function updateWorkerTools(db: Db, workerId: string, report: WorkerToolReport): Promise<boolean> {
  const rows = await db.update(workerHeartbeats).set({ tools: report }).where(eq(workerHeartbeats.id, workerId)).returning({ id: workerHeartbeats.id });
  return rows.length > 0;
}
