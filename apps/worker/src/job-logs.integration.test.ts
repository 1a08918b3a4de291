// One log shape (issue 15): the worker writes JSON lines through pino, one line per finished
// or failed job with queue, job id and duration, and every line of a job carries the request
// id the job was enqueued under (the API enqueues inside its request's scope, as here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { enqueue, runWithRequestId, startBoss, type Boss } from '@scrapper/db/queue';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { loadEnv } from './env.ts';
import { startWorker, type RunningWorker } from './worker.ts';

let testDb: TestDatabase;
let database: Database;
let producer: Boss;
let worker: RunningWorker;
const lines: string[] = [];
const capture = { info: (line: string) => void lines.push(line), error: (line: string) => void lines.push(line) };

const entries = () =>
  lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

async function waitFor<T>(fn: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 4 });
  producer = await startBoss(testDb.url, { supervise: false, max: 2 });
  worker = await startWorker(loadEnv({ DATABASE_URL: testDb.url, YTDLP_AUTO_UPDATE: 'false', WORKER_QUEUES: 'maintenance.sweep' }), database, capture);
});
afterAll(async () => {
  await worker.stop();
  await producer.stop({ graceful: false, close: true });
  await database.close();
  await testDb.drop();
});

it('logs a finished job as one JSON line with queue, job id, duration and the request id it was enqueued under', async () => {
  const run = await insertMaintenanceRun(database.db, null);
  const requestId = 'uji-permintaan-42';
  const jobId = await runWithRequestId(requestId, () => enqueue(producer, 'maintenance.sweep', { runId: run.id }));
  const finished = await waitFor(() => entries().find((e) => e.jobId === jobId && e.event === 'job.finished'), 'the finished line');
  expect(finished).toMatchObject({ level: 30, name: 'worker', queue: 'maintenance.sweep', jobId, requestId });
  expect(typeof finished.durationMs).toBe('number');
  // What `npm start`'s console prints of it.
  expect(finished.msg).toMatch(/^\[job\] maintenance\.sweep \w{8} selesai \(\d+,\d dtk\)$/);
  // Every line of the job carries the request id.
  const ofJob = entries().filter((e) => e.jobId === jobId);
  expect(ofJob.length).toBeGreaterThan(0);
  for (const entry of ofJob) expect(entry.requestId).toBe(requestId);
});

it('leaves the request id out for a job no request enqueued', async () => {
  const run = await insertMaintenanceRun(database.db, null);
  const jobId = await enqueue(producer, 'maintenance.sweep', { runId: run.id });
  const finished = await waitFor(() => entries().find((e) => e.jobId === jobId && e.event === 'job.finished'), 'the finished line');
  expect(finished.requestId).toBeUndefined();
});
