import {
  markMaintenanceCompleted,
  markMaintenanceFailed,
  markMaintenanceRunning,
} from '@scrapper/db/queries/maintenance';
import { deleteLoginAttemptsBefore } from '@scrapper/db/queries/login-attempts';
import { pruneRateUsage } from '@scrapper/db/queries/platform-rate-limits';
import { deleteStaleWorkers } from '@scrapper/db/queries/workers';
import type { JobHandler } from './types.ts';

/** A worker silent for this long is dead: its heartbeat row goes. */
export const STALE_WORKER_SECONDS = 5 * 60;
/** Login attempts older than this no longer count for any limit. */
export const LOGIN_ATTEMPT_RETENTION_SECONDS = 24 * 3600;

/**
 * Clears what dead processes and old logins leave behind. Safe to run twice: a run that is
 * already completed is not touched again, and the deletes are idempotent.
 */
export const maintenanceSweep: JobHandler<'maintenance.sweep'> = async ({ runId }, ctx) => {
  const { db } = ctx.database;
  if (!(await markMaintenanceRunning(db, runId, ctx.workerId))) return;
  try {
    const now = Date.now();
    const staleWorkersRemoved = await deleteStaleWorkers(db, new Date(now - STALE_WORKER_SECONDS * 1000));
    const expiredLoginAttemptsRemoved = await deleteLoginAttemptsBefore(
      db,
      new Date(now - LOGIN_ATTEMPT_RETENTION_SECONDS * 1000),
    );
    // Per-minute request counts of the platform rate limits are only needed for the minute.
    await pruneRateUsage(db, new Date(now - 3600_000));
    await markMaintenanceCompleted(db, runId, { staleWorkersRemoved, expiredLoginAttemptsRemoved });
  } catch (error) {
    // Only the last attempt leaves the run failed; earlier ones are retried by pg-boss.
    if (ctx.isLastAttempt) await markMaintenanceFailed(db, runId, error instanceof Error ? error.message : String(error));
    throw error;
  }
};
