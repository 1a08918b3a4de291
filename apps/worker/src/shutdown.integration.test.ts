// Queue selection (WORKER_QUEUES) and what a graceful stop does to a job that outlives the grace,
// on real PostgreSQL and pg-boss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findMaintenanceRun, insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { workerHeartbeats } from '@scrapper/db/schema';
import { eq } from 'drizzle-orm';
import { holdMaintenanceRun } from '../test/fixtures.ts';
import { startWorkerHarness, type WorkerHarness } from '../test/harness.ts';
import { until } from '../test/waits.ts';
import type { RunningWorker } from './worker.ts';

let h: WorkerHarness;
let database: Database;

function worker(extra: Record<string, string> = {}): Promise<RunningWorker> {
  return h.startWorker(extra);
}

/** Holds the run's row lock, so the sweep blocks on its first statement: a job that is truly active. */
const holdRun = (runId: string) => holdMaintenanceRun(database, runId);

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'worker-shutdown', storage: 'local' });
  database = h.database;
});
afterAll(async () => {
  await h?.close();
});

describe('WORKER_QUEUES', () => {
  it('serves only the listed queues, says so in its heartbeat, and leaves the other queues to other workers', async () => {
    const w = await worker({ WORKER_QUEUES: 'maintenance.sweep' });
    expect(w.queues).toEqual(['maintenance.sweep']);
    const [row] = await database.db
      .select()
      .from(workerHeartbeats)
      .where(eq(workerHeartbeats.id, w.id));
    expect(row?.queues).toEqual(['maintenance.sweep']);

    const downloadJob = await enqueue(w.boss, 'video.download', {
      downloadId: '22222222-2222-4222-8222-222222222222',
    });
    const run = await insertMaintenanceRun(database.db, null);
    await enqueue(w.boss, 'maintenance.sweep', { runId: run.id });
    await until(
      'the sweep',
      async () =>
        (await findMaintenanceRun(database.db, run.id))?.status === 'completed' ? true : undefined,
    );
    // pg-boss polls every 2 s: two more rounds and still nobody took the download.
    await new Promise((r) => setTimeout(r, 4000));
    expect((await w.boss.getJobById('video.download', downloadJob ?? ''))?.state).toBe('created');
    await w.stop();
  }, 60_000);
});

describe('graceful stop', () => {
  it('hands a job on its last attempt back to the queue instead of failing it, and another worker completes it', async () => {
    const w = await worker({ WORKER_QUEUES: 'maintenance.sweep', WORKER_SHUTDOWN_GRACE_S: '1' });
    const run = await insertMaintenanceRun(database.db, null);
    const hold = await holdRun(run.id);
    // No retries at all: pg-boss alone would leave this job `failed` when the shutdown cuts it off.
    const jobId = await enqueue(w.boss, 'maintenance.sweep', { runId: run.id }, { retryLimit: 0 });
    if (!jobId) throw new Error('not enqueued');
    await until(
      'the job to start',
      async () =>
        (await w.boss.getJobById('maintenance.sweep', jobId))?.state === 'active'
          ? true
          : undefined,
    );

    await w.stop();
    // The stopped instance's pool is closed: read pg-boss's table directly.
    const [after] = await database.sql<Array<{ state: string; retry_limit: number }>>`
      select state::text as state, retry_limit from pgboss.job where id = ${jobId}`;
    expect(after).toEqual({ state: 'retry', retry_limit: 1 });

    const next = await worker({ WORKER_QUEUES: 'maintenance.sweep' });

    await hold.release();
    const job = await until('the job to finish', async () => {
      const j = await next.boss.getJobById('maintenance.sweep', jobId);
      return j?.state === 'completed' || j?.state === 'failed' ? j : undefined;
    });
    expect(job.state).toBe('completed');
    expect(job.retryLimit).toBe(1); // the one extra attempt the hand-back gave it
    expect((await findMaintenanceRun(database.db, run.id))?.status).toBe('completed');
  }, 60_000);
});
