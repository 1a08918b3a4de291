// Queue selection (WORKER_QUEUES) and what a graceful stop does to a job that outlives the grace,
// on real PostgreSQL and pg-boss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { findMaintenanceRun, insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { workerHeartbeats } from '@scrapper/db/schema';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { eq } from 'drizzle-orm';
import { loadEnv } from './env.ts';
import { startWorker, type RunningWorker } from './worker.ts';

let testDb: TestDatabase;
let database: Database;
const quiet = { info: () => {}, error: () => {} };
const started: RunningWorker[] = [];

async function worker(extra: Record<string, string> = {}): Promise<RunningWorker> {
  const w = await startWorker(loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false', ...extra }), database, quiet);
  started.push(w);
  return w;
}

async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Holds the run's row lock, so the sweep blocks on its first statement: a job that is truly active. */
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
  return {
    release: async () => {
      release();
      await tx;
    },
  };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 6 });
});
afterAll(async () => {
  for (const w of started) await w.stop();
  await database.close();
  await testDb.drop();
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
    await waitFor(
      async () =>
        (await findMaintenanceRun(database.db, run.id))?.status === 'completed' ? true : undefined,
      'the sweep',
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
    await waitFor(
      async () =>
        (await w.boss.getJobById('maintenance.sweep', jobId))?.state === 'active'
          ? true
          : undefined,
      'the job to start',
    );

    await w.stop();
    // The stopped instance's pool is closed: read pg-boss's table directly.
    const [after] = await database.sql<Array<{ state: string; retry_limit: number }>>`
      select state::text as state, retry_limit from pgboss.job where id = ${jobId}`;
    expect(after).toEqual({ state: 'retry', retry_limit: 1 });

    const next = await worker({ WORKER_QUEUES: 'maintenance.sweep' });

    await hold.release();
    const job = await waitFor(async () => {
      const j = await next.boss.getJobById('maintenance.sweep', jobId);
      return j?.state === 'completed' || j?.state === 'failed' ? j : undefined;
    }, 'the job to finish');
    expect(job.state).toBe('completed');
    expect(job.retryLimit).toBe(1); // the one extra attempt the hand-back gave it
    expect((await findMaintenanceRun(database.db, run.id))?.status).toBe('completed');
  }, 60_000);
});
