// One log shape (issue 15): the worker writes JSON lines through pino, one line per finished
// or failed job with queue, job id and duration, and every line of a job carries the request
// id the job was enqueued under (the API enqueues inside its request's scope, as here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue, runWithRequestId, startBoss, type Boss } from '@scrapper/db/queue';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { startWorkerHarness, type WorkerHarness } from '../test/harness.ts';
import { until } from '../test/waits.ts';

let h: WorkerHarness;
let database: Database;
let producer: Boss;
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

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'job-logs', storage: 'local', poolMax: 4 });
  database = h.database;
  producer = await startBoss(h.testDb.url, { supervise: false, max: 2 });
  await h.startWorker({ WORKER_QUEUES: 'maintenance.sweep' }, capture);
});
afterAll(async () => {
  await h?.stopWorkers();
  await producer?.stop({ graceful: false, close: true });
  await h?.close();
});

it('logs a finished job as one JSON line with queue, job id, duration and the request id it was enqueued under', async () => {
  const run = await insertMaintenanceRun(database.db, null);
  const requestId = 'uji-permintaan-42';
  const jobId = await runWithRequestId(requestId, () => enqueue(producer, 'maintenance.sweep', { runId: run.id }));
  const finished = await until('the finished line', () => entries().find((e) => e.jobId === jobId && e.event === 'job.finished'));
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
  const finished = await until('the finished line', () => entries().find((e) => e.jobId === jobId && e.event === 'job.finished'));
  expect(finished.requestId).toBeUndefined();
});
