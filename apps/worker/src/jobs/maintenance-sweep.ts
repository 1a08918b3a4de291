import { EVENTS_RETENTION_SECONDS } from '@scrapper/contracts/http/events';
import type { MaintenanceResult } from '@scrapper/contracts/http/system';
import { deleteDeadOAuthStates, deleteMaintenanceRunsBefore } from '@scrapper/db/queries/housekeeping';
import {
  insertMaintenanceRun,
  markMaintenanceCompleted,
  markMaintenanceFailed,
  markMaintenanceRunning,
} from '@scrapper/db/queries/maintenance';
import { deleteEventsBefore } from '@scrapper/db/queries/events';
import { deleteLoginAttemptsBefore } from '@scrapper/db/queries/login-attempts';
import { pruneRateUsage } from '@scrapper/db/queries/platform-rate-limits';
import { deleteStaleWorkers } from '@scrapper/db/queries/workers';
import { bossTransaction } from '@scrapper/db/queue';
import { checkFilePresence } from '../housekeeping/check-file-presence.ts';
import { removeDeletedAccountsFiles } from '../housekeeping/remove-deleted-accounts-files.ts';
import { removeExpiredPreviews } from '../housekeeping/remove-expired-previews.ts';
import { resendStrandedWebhooks } from '../housekeeping/resend-stranded-webhooks.ts';
import { removeTempFolders } from '../housekeeping/remove-temp-folders.ts';
import { warnExpiringCookies } from '../housekeeping/warn-expiring-cookies.ts';
import type { JobContext, JobHandler } from './types.ts';
import { shouldRetry } from '@scrapper/integrations/retry';

/** A worker silent for this long is dead: its heartbeat row goes. */
export const STALE_WORKER_SECONDS = 5 * 60;
/**
 * Login attempts older than this count for no limit: the API's LOGIN_WINDOW_SECONDS is at most
 * one day (its env refuses more), and the sweep keeps twice that.
 */
export const LOGIN_ATTEMPT_RETENTION_SECONDS = 2 * 24 * 3600;
/** Runs of the sweep itself are kept this long (the admin sees the newest). */
export const MAINTENANCE_RUN_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * The 15-minute schedule's tick: records a run and queues its sweep in one transaction, the
 * way an admin's button does, so the run has a row before any work and is retried like one.
 */
async function queueScheduledRun(ctx: JobContext): Promise<void> {
  await ctx.database.transaction(async ({ db, sql }) => {
    const run = await insertMaintenanceRun(db, null, 'schedule');
    await ctx.enqueue('maintenance.sweep', { runId: run.id }, { db: bossTransaction(sql), singletonKey: run.id });
  });
}

/** Every kind of leftover, in turn; what each removed goes into the run's result. */
async function sweep(ctx: JobContext): Promise<MaintenanceResult> {
  const { db } = ctx.database;
  const now = Date.now();
  const staleWorkersRemoved = await deleteStaleWorkers(db, new Date(now - STALE_WORKER_SECONDS * 1000));
  const expiredLoginAttemptsRemoved = await deleteLoginAttemptsBefore(db, new Date(now - LOGIN_ATTEMPT_RETENTION_SECONDS * 1000));
  // Per-minute request counts of the platform rate limits are only needed for the minute.
  await pruneRateUsage(db, new Date(now - 3600_000));
  const expiredOAuthStatesRemoved = await deleteDeadOAuthStates(db);
  // Webhook deliveries whose job vanished get it again (same webhook-id: at least once).
  await resendStrandedWebhooks(ctx.database, ctx.enqueue, now);
  const previews = await removeExpiredPreviews(db, ctx.deps.storage, new Date(now - ctx.deps.previewRetentionSeconds * 1000));
  const temp = await removeTempFolders(db, ctx.deps.tempDir, now);
  // A deleted account's files (its rows went with it): downloads, results, uploads, publish copies.
  const deletedAccounts = await removeDeletedAccountsFiles(db, ctx.deps.storage);
  // Files removed behind the product's back show as "File hilang" in the files list.
  await checkFilePresence(db, ctx.deps.storage);
  await deleteMaintenanceRunsBefore(db, new Date(now - MAINTENANCE_RUN_RETENTION_SECONDS * 1000));
  // Live events are kept for a reconnect's replay only (GET /api/events, Last-Event-ID).
  await deleteEventsBefore(db, new Date(now - EVENTS_RETENTION_SECONDS * 1000));
  // Cookies about to expire: each warning once (its dedupe key names the cookie set).
  await warnExpiringCookies(db, ctx.deps.secrets, now);
  return {
    staleWorkersRemoved,
    expiredLoginAttemptsRemoved,
    expiredPreviewsRemoved: previews.removed,
    tempFoldersRemoved: temp.removed,
    expiredOAuthStatesRemoved,
    deletedAccountsCleared: deletedAccounts.accounts,
    previewBytesFreed: previews.bytes,
    tempBytesFreed: temp.bytes,
  };
}

/**
 * Clears what dead processes, finished jobs and old logins leave behind. Safe to run twice: a
 * run that is already completed is not touched again, and every removal is idempotent.
 */
export const maintenanceSweep: JobHandler<'maintenance.sweep'> = async (payload, ctx) => {
  if ('trigger' in payload) return queueScheduledRun(ctx);
  const { runId } = payload;
  const { db } = ctx.database;
  if (!(await markMaintenanceRunning(db, runId, ctx.workerId))) return;
  // A sweep whose worker stopped while it waited (for the run's row, say) was handed back to the
  // queue: it leaves the run to the worker that takes the job next instead of sweeping beside it.
  ctx.signal.throwIfAborted();
  try {
    await markMaintenanceCompleted(db, runId, await sweep(ctx));
  } catch (error) {
    // Only a failure that gets no other attempt leaves the run failed; the rest are retried.
    if (!shouldRetry(error, ctx)) await markMaintenanceFailed(db, runId, error instanceof Error ? error.message : String(error));
    throw error;
  }
};
