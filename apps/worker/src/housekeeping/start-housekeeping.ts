import { jobCatalog } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import { insertStartRunUnlessRecent } from '@scrapper/db/queries/maintenance';
import { bossTransaction, enqueue, ensureQueues, type Boss } from '@scrapper/db/queue';
import type { Env } from '../env.ts';

/** The maintenance sweep's pg-boss schedule: every 15 minutes (UTC; the minute is what counts). */
export const SWEEP_CRON = '*/15 * * * *';
/**
 * Workers that start within this long of a recorded start run record none of their own: a
 * deploy of several workers, or a worker restarting in a loop, sweeps once.
 */
export const START_RUN_WINDOW_SECONDS = 5 * 60;

interface Log {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Records a start run and queues its sweep, in one transaction under an advisory lock, unless
 * another worker did within START_RUN_WINDOW_SECONDS. Returns the run's id when this worker
 * recorded it.
 */
export async function queueStartRun(database: Database, boss: Boss): Promise<string | undefined> {
  return database.transaction(async ({ db, sql }) => {
    const run = await insertStartRunUnlessRecent(db, START_RUN_WINDOW_SECONDS);
    if (!run) return undefined;
    await enqueue(boss, 'maintenance.sweep', { runId: run.id }, { db: bossTransaction(sql), singletonKey: run.id });
    return run.id;
  });
}

/**
 * A worker's part in housekeeping, at its start: pg-boss keeps finished jobs for
 * JOB_RETENTION_DAYS (or each queue's own retention), and a worker serving `maintenance.sweep`
 * writes the 15-minute schedule (an upsert: every such worker writes the same one, and pg-boss
 * sends each tick once) and queues the start run. Trouble here is logged, never fatal: the
 * worker's jobs matter more than its housekeeping.
 */
export async function startHousekeeping(deps: { env: Env; database: Database; boss: Boss; log: Log }): Promise<void> {
  const { env, database, boss, log } = deps;
  try {
    await ensureQueues(boss, env.jobRetentionSeconds ?? 'catalog');
    if (!env.queues.includes('maintenance.sweep')) return;
    await boss.schedule('maintenance.sweep', SWEEP_CRON, jobCatalog['maintenance.sweep'].payload.parse({ trigger: 'schedule' }));
    const runId = await queueStartRun(database, boss);
    if (runId) log.info(`[worker] maintenance sweep ${runId.slice(0, 8)} queued at start`);
  } catch (error) {
    log.error(`[worker] could not set up housekeeping: ${error instanceof Error ? error.message : String(error)}`);
  }
}
