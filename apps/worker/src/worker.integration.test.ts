import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findMaintenanceRun, insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { insertLoginAttempt } from '@scrapper/db/queries/login-attempts';
import { listLiveWorkers, upsertWorkerHeartbeat } from '@scrapper/db/queries/workers';
import { loginAttempts, maintenanceRuns, workerHeartbeats } from '@scrapper/db/schema';
import { eq } from 'drizzle-orm';
import { holdMaintenanceRun } from '../test/fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../test/harness.ts';
import { until, waitForJob } from '../test/waits.ts';
import { loadEnv } from './env.ts';
import type { RunningWorker } from './worker.ts';

let h: WorkerHarness;
let database: Database;
let worker: RunningWorker;

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'worker', storage: 'local', poolMax: 4 });
  database = h.database;
  worker = await h.startWorker({ HEARTBEAT_INTERVAL_SECONDS: '1' });
  // The start run sweeps too: let it finish before the tests plant their leftovers.
  await until('the start run', async () => {
    const [start] = await database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.trigger, 'start'));
    return start?.status === 'completed' ? start : undefined;
  }, 20_000);
});
afterAll(async () => {
  await h?.close();
});

describe('worker process', () => {
  it('announces itself with a heartbeat row that stays fresh', async () => {
    const [row] = await database.db.select().from(workerHeartbeats).where(eq(workerHeartbeats.id, worker.id));
    expect(row?.queues).toContain('maintenance.sweep');
    const first = row?.lastSeenAt.getTime() ?? 0;
    const later = await until('a newer heartbeat', async () => {
      const [r] = await database.db.select().from(workerHeartbeats).where(eq(workerHeartbeats.id, worker.id));
      return r && r.lastSeenAt.getTime() > first ? r : undefined;
    });
    expect(later.lastSeenAt.getTime()).toBeGreaterThan(first);
  });

  it('runs a maintenance sweep: stale workers and old login attempts go, the result is recorded', async () => {
    const deadId = '11111111-1111-4111-8111-111111111111';
    await upsertWorkerHeartbeat(database.db, { id: deadId, hostname: 'gone', pid: 1, queues: [] });
    await database.db.update(workerHeartbeats).set({ lastSeenAt: new Date(Date.now() - 3600_000) }).where(eq(workerHeartbeats.id, deadId));
    await insertLoginAttempt(database.db, { ip: '10.0.0.1', username: 'old', succeeded: false });
    await database.db.update(loginAttempts).set({ attemptedAt: new Date(Date.now() - 3 * 24 * 3600_000) });
    await insertLoginAttempt(database.db, { ip: '10.0.0.1', username: 'recent', succeeded: false });

    const run = await insertMaintenanceRun(database.db, null);
    await enqueue(worker.boss, 'maintenance.sweep', { runId: run.id });
    const done = await until('the run to finish', async () => {
      const r = await findMaintenanceRun(database.db, run.id);
      return r?.status === 'completed' || r?.status === 'failed' ? r : undefined;
    });

    expect(done.status).toBe('completed');
    expect(done.workerId).toBe(worker.id);
    expect(done.result).toEqual({
      staleWorkersRemoved: 1,
      expiredLoginAttemptsRemoved: 1,
      expiredPreviewsRemoved: 0,
      tempFoldersRemoved: 0,
      expiredOAuthStatesRemoved: 0,
      deletedAccountsCleared: 0,
      previewBytesFreed: 0,
      tempBytesFreed: 0,
    });
    const live = await listLiveWorkers(database.db, new Date(0));
    expect(live.map((w) => w.id)).toEqual([worker.id]);
    const remaining = await database.db.select().from(loginAttempts);
    expect(remaining.map((r) => r.username)).toEqual(['recent']);
  });

  it('does nothing the second time the same run is delivered', async () => {
    const run = await insertMaintenanceRun(database.db, null);
    await enqueue(worker.boss, 'maintenance.sweep', { runId: run.id });
    const first = await until('the first delivery', async () => {
      const r = await findMaintenanceRun(database.db, run.id);
      return r?.status === 'completed' ? r : undefined;
    });
    await enqueue(worker.boss, 'maintenance.sweep', { runId: run.id });
    await new Promise((r) => setTimeout(r, 2500));
    const after = await findMaintenanceRun(database.db, run.id);
    expect(after?.finishedAt?.getTime()).toBe(first.finishedAt?.getTime());
  });

  it('removes its heartbeat row when it stops', async () => {
    const second = await h.startWorker();
    expect((await listLiveWorkers(database.db, new Date(0))).some((w) => w.id === second.id)).toBe(true);
    await second.stop();
    expect((await listLiveWorkers(database.db, new Date(0))).some((w) => w.id === second.id)).toBe(false);
  });
});

describe('graceful stop with a job in flight', () => {
  // The test holds the run's row lock, so the sweep blocks on its first statement: a job
  // that is genuinely active when the worker is told to stop.
  const holdRun = (runId: string) => holdMaintenanceRun(database, runId);

  async function waitForState(boss: RunningWorker['boss'], jobId: string, states: string[]) {
    return (await waitForJob(boss, 'maintenance.sweep', jobId, states, 20_000)).state;
  }

  it('lets an active job finish before it stops', async () => {
    const w = await h.startWorker({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
    await worker.stop(); // only `w` may take this job
    const run = await insertMaintenanceRun(database.db, null);
    const hold = await holdRun(run.id);
    const jobId = await enqueue(w.boss, 'maintenance.sweep', { runId: run.id });
    if (!jobId) throw new Error('not enqueued');
    await waitForState(w.boss, jobId, ['active']);
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 1000));
    expect(stopped, 'stop() returned while a job was still running').toBe(false);
    await hold.release();
    await stopping;
    expect((await findMaintenanceRun(database.db, run.id))?.status).toBe('completed');
  });

  it('hands a job that outlives the shutdown budget back to the queue for another worker', async () => {
    // Each step has its own limit, and together they fit in the test's 30 s.
    const w = await h.startWorker({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    await worker.stop(); // only `w` may take this job (the test above stopped it too: stop is once)
    const run = await insertMaintenanceRun(database.db, null);
    const hold = await holdRun(run.id);
    let next: RunningWorker | undefined;
    try {
      const jobId = await enqueue(w.boss, 'maintenance.sweep', { runId: run.id });
      if (!jobId) throw new Error('not enqueued');
      await waitForJob(w.boss, 'maintenance.sweep', jobId, ['active'], 4_000);
      // After 1 s of grace pg-boss fails the attempt back to the queue (`retry`, with its delay)
      // and aborts its signal; the handler, still waiting for the held row, gets 5 s to wind down.
      const stopping = w.stop();
      await waitForJob(w.boss, 'maintenance.sweep', jobId, ['retry'], 4_000);
      await hold.release();
      // The handler got the row, saw its signal and ended without sweeping: the stop is over.
      await stopping;
      expect((await findMaintenanceRun(database.db, run.id))?.status).toBe('running');

      next = await h.startWorker();
      // Taken after the retry delay (5-10 s from the cut-off) and completed by the other worker.
      await waitForJob(next.boss, 'maintenance.sweep', jobId, ['completed'], 15_000);
      expect(await findMaintenanceRun(database.db, run.id)).toMatchObject({ status: 'completed', workerId: next.id });
    } finally {
      await hold.release();
      await next?.stop();
    }
  });
});

describe('worker env', () => {
  it('stops with a clear message on a bad concurrency value', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://x@y/z', WORKER_CONCURRENCY_MAINTENANCE_SWEEP: 'lots' })).toThrow(
      /WORKER_CONCURRENCY_MAINTENANCE_SWEEP/,
    );
  });
  it('refuses a DATABASE_URL that is not postgres', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
