import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findMaintenanceRun, insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { insertLoginAttempt } from '@scrapper/db/queries/login-attempts';
import { listLiveWorkers, upsertWorkerHeartbeat } from '@scrapper/db/queries/workers';
import { loginAttempts, maintenanceRuns, workerHeartbeats } from '@scrapper/db/schema';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { eq } from 'drizzle-orm';
import { loadEnv } from './env.ts';
import { startWorker, type RunningWorker } from './worker.ts';

let testDb: TestDatabase;
let database: Database;
let worker: RunningWorker;
const quiet = { info: () => {}, error: () => {} };

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 4 });
  worker = await startWorker(loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false', HEARTBEAT_INTERVAL_SECONDS: '1' }), database, quiet);
  // The start run sweeps too: let it finish before the tests plant their leftovers.
  await waitFor(async () => {
    const [start] = await database.db.select().from(maintenanceRuns).where(eq(maintenanceRuns.trigger, 'start'));
    return start?.status === 'completed' ? start : undefined;
  }, 'the start run');
});
afterAll(async () => {
  await worker.stop(); // idempotent
  await database.close();
  await testDb.drop();
});

describe('worker process', () => {
  it('announces itself with a heartbeat row that stays fresh', async () => {
    const [row] = await database.db.select().from(workerHeartbeats).where(eq(workerHeartbeats.id, worker.id));
    expect(row?.queues).toContain('maintenance.sweep');
    const first = row?.lastSeenAt.getTime() ?? 0;
    const later = await waitFor(async () => {
      const [r] = await database.db.select().from(workerHeartbeats).where(eq(workerHeartbeats.id, worker.id));
      return r && r.lastSeenAt.getTime() > first ? r : undefined;
    }, 'a newer heartbeat');
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
    const done = await waitFor(async () => {
      const r = await findMaintenanceRun(database.db, run.id);
      return r?.status === 'completed' || r?.status === 'failed' ? r : undefined;
    }, 'the run to finish');

    expect(done.status).toBe('completed');
    expect(done.workerId).toBe(worker.id);
    expect(done.result).toEqual({
      staleWorkersRemoved: 1,
      expiredLoginAttemptsRemoved: 1,
      expiredPreviewsRemoved: 0,
      tempFoldersRemoved: 0,
      expiredOAuthStatesRemoved: 0,
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
    const first = await waitFor(async () => {
      const r = await findMaintenanceRun(database.db, run.id);
      return r?.status === 'completed' ? r : undefined;
    }, 'the first delivery');
    await enqueue(worker.boss, 'maintenance.sweep', { runId: run.id });
    await new Promise((r) => setTimeout(r, 2500));
    const after = await findMaintenanceRun(database.db, run.id);
    expect(after?.finishedAt?.getTime()).toBe(first.finishedAt?.getTime());
  });

  it('removes its heartbeat row when it stops', async () => {
    const env = loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false' });
    const second = await startWorker(env, database, quiet);
    expect((await listLiveWorkers(database.db, new Date(0))).some((w) => w.id === second.id)).toBe(true);
    await second.stop();
    expect((await listLiveWorkers(database.db, new Date(0))).some((w) => w.id === second.id)).toBe(false);
  });
});

describe('graceful stop with a job in flight', () => {
  // The test holds the run's row lock, so the sweep blocks on its first statement: a job
  // that is genuinely active when the worker is told to stop.
  async function holdRun(runId: string) {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const tx = database.sql.begin(async (sql) => {
      await sql`select id from maintenance_runs where id = ${runId} for update`;
      locked();
      await released;
    });
    await isLocked;
    return { release: async () => { release(); await tx; } };
  }

  async function waitForState(boss: RunningWorker['boss'], jobId: string, states: string[]) {
    return waitFor(async () => {
      const job = await boss.getJobById('maintenance.sweep', jobId);
      return job && states.includes(job.state) ? job.state : undefined;
    }, `job ${jobId} in ${states.join('/')}`);
  }

  it('lets an active job finish before it stops', async () => {
    const w = await startWorker(loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false', SHUTDOWN_TIMEOUT_SECONDS: '20' }), database, quiet);
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
    const w = await startWorker(loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false', SHUTDOWN_TIMEOUT_SECONDS: '1' }), database, quiet);
    const run = await insertMaintenanceRun(database.db, null);
    const hold = await holdRun(run.id);
    const jobId = await enqueue(w.boss, 'maintenance.sweep', { runId: run.id });
    if (!jobId) throw new Error('not enqueued');
    await waitForState(w.boss, jobId, ['active']);
    await w.stop();
    const next = await startWorker(loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false' }), database, quiet);
    try {
      expect(await waitForState(next.boss, jobId, ['retry', 'created', 'active'])).not.toBe('failed');
      await hold.release();
      const done = await waitFor(async () => {
        const r = await findMaintenanceRun(database.db, run.id);
        return r?.status === 'completed' ? r : undefined;
      }, 'the run to complete', 40_000);
      expect(done.status).toBe('completed');
    } finally {
      await hold.release();
      await next.stop();
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
