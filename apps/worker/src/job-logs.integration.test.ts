// One log shape (issue 15): the worker writes JSON lines through pino, one line per finished
// or failed job with queue, job id and duration, and every line of a job carries the request
// id the job was enqueued under (the API enqueues inside its request's scope, as here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue, runWithRequestId, startBoss, type Boss } from '@scrapper/db/queue';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
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
  await h.startWorker({ WORKER_QUEUES: 'maintenance.sweep,scrape.run,automation.tick', LOG_LEVEL: 'debug' }, capture);
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

it('prints a job whose work failed (recorded as failed) as a warning with the reason, not "selesai"', async () => {
  // A scrape of a platform with no actor configuration: the task fails, the job itself ends.
  const ownerId = await h.insertUser('log-gagal');
  const task = await insertScrapeTask(database.db, {
    ownerId,
    actorId: 'tidak/ada',
    platformId: 'tidak-ada',
    scrapeType: 'keyword',
    target: 'apa saja',
    input: {},
    platformInfo: { platformId: 'tidak-ada', displayName: 'Tidak Ada', scrapeType: 'keyword' },
  });
  const jobId = await enqueue(producer, 'scrape.run', { taskId: task.id });
  const line = await until('the failed line', () => entries().find((e) => e.jobId === jobId && e.event === 'job.finished'));
  expect(line).toMatchObject({ level: 40, outcome: 'failed', queue: 'scrape.run' });
  expect(line.msg).toMatch(/^\[job\] scrape\.run \w{8} gagal \(\d+,\d dtk\): .+/);
  expect(line.msg).not.toContain('selesai');
});

it('keeps a tick that had nothing to do off the console (debug level, no "selesai")', async () => {
  const jobId = await enqueue(producer, 'automation.tick', {});
  const line = await until('the idle line', () => entries().find((e) => e.jobId === jobId && e.event === 'job.finished'));
  // Debug (20): the launcher's console shows info and above.
  expect(line).toMatchObject({ level: 20, outcome: 'idle', queue: 'automation.tick' });
  expect(line.msg).toMatch(/^\[job\] automation\.tick \w{8} tidak ada yang dikerjakan$/);
});
