// The waits worker tests share. Every one polls real state (rows, pg-boss's jobs) until it is what
// the test needs or a deadline passes, and says what it was waiting for when it gives up: a test
// asserts on where things ended, never on how long they took.
import type { Database } from '@scrapper/db/client';
import { findDownload } from '@scrapper/db/queries/downloads';
import { findScrapeTask, type ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import type { Boss } from '@scrapper/db/queue';
import type { QueueName } from '@scrapper/contracts/jobs';

/** `fn`'s first value that is not undefined, asked every `everyMs`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 90_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A download row once it is completed or failed. */
export function downloadFinished(database: Database, id: string, ms?: number) {
  return until(`download ${id} to finish`, async () => {
    const row = await findDownload(database.db, id);
    return row && (row.status === 'completed' || row.status === 'failed') ? row : undefined;
  }, ms, 150);
}

/** A scrape task once it is in one of `states`. */
export async function waitForTask(database: Database, taskId: string, states: string[], ms = 30_000): Promise<ScrapeTaskWithOwner> {
  let last: ScrapeTaskWithOwner | undefined;
  try {
    return await until(`task ${taskId}`, async () => {
      last = await findScrapeTask(database.db, taskId);
      return last && states.includes(last.state) ? last : undefined;
    }, ms, 50);
  } catch {
    throw new Error(`task ${taskId} is ${last?.state}, not ${states.join('/')}`);
  }
}

/**
 * Waits until the result.index job queued with a task's completion has indexed it (the run itself
 * only writes the file; the rows come after).
 */
export async function waitForResultIndex(database: Database, taskId: string, ms = 30_000): Promise<void> {
  await until(`task ${taskId} to be indexed`, async () => {
    const [task] = await database.sql<Array<{ result_mapping: string | null }>>`select result_mapping from scrape_tasks where id = ${taskId}`;
    return task?.result_mapping && task.result_mapping !== 'pending' ? true : undefined;
  }, ms, 100);
}

type BossJob = NonNullable<Awaited<ReturnType<Boss['getJobById']>>>;

/** The pg-boss job once its state is one of `states`. */
export function waitForJob(boss: Boss, queue: QueueName, jobId: string, states: string[], ms = 30_000): Promise<BossJob> {
  return until(`job ${jobId} of ${queue} in ${states.join('/')}`, async () => {
    const job = await boss.getJobById(queue, jobId);
    return job && states.includes(job.state) ? job : undefined;
  }, ms);
}
