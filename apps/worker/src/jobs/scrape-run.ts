import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { buildActorInput } from '@scrapper/contracts/rules/build-actor-input';
import type { MappingCounts } from '@scrapper/contracts/rules/map-items';
import { countsWarning, describeCounts } from '@scrapper/contracts/rules/scrape-counts';
import { isFinalTaskState } from '@scrapper/contracts/rules/task-states';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { findActiveApiKey, findApiKey } from '@scrapper/db/queries/api-keys';
import { listCookieSets } from '@scrapper/db/queries/cookie-sets';
import {
  appendScrapeTaskLogs,
  completeScrapeTask,
  failScrapeTask,
  findScrapeTask,
  markScrapeTaskActive,
  recordScrapeTaskCost,
  recordScrapeTaskStartIntent,
  setScrapeTaskRun,
  updateScrapeTaskProgress,
  type ScrapeTaskWithOwner,
} from '@scrapper/db/queries/scrape-tasks';
import { bossTransaction } from '@scrapper/db/queue';
import { recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import { isRetryable, retryAfterMsOf, shouldRetry } from '@scrapper/integrations/retry';
import { setResultMapping } from '@scrapper/db/queries/result-items';
import { PENDING_INDEX } from '@scrapper/db/result-file/ensure-index';
import type { ScrapeTaskRow } from '@scrapper/db/schema';
import { isAutomationWork } from '@scrapper/db/queries/automations';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { ApifyError, createApify, type Apify } from '@scrapper/integrations/apify';
import { createResultFileWriter } from '@scrapper/db/result-file/result-file-writer';
import { INVALID_PLATFORM, NO_ACTIVE_KEY, failureOf, runEndFailure, type ScrapeFailure } from './scrape-failure.ts';
import type { JobContext, JobHandler, JobOutcome } from './types.ts';

const PAGE_SIZE = 1000;
/** Apify may answer 404 for a moment right after a start; this many misses mean it is gone. */
const MAX_RUN_MISSES = 10;

/**
 * Apify's clock and the database's may disagree a little: the search for a run started by an
 * earlier attempt looks this much before the recorded start intent.
 */
export const START_CLOCK_SKEW_MS = 2 * 60_000;

class TaskGone extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A start marker: `<api key id>.<random>`. The random part is this start's own; the key part
 * lets a retry use the key the run was started with, since Apify lists only the runs of the
 * key's own account (the active key may have changed meanwhile).
 */
export function newStartMarker(apiKeyId: string): string {
  return `${apiKeyId}.${randomBytes(16).toString('base64url')}`;
}

/** The API key id a start marker names, when it names one. */
export function startMarkerKeyId(marker: string | null): string | undefined {
  const keyId = marker?.split('.')[0];
  return keyId !== undefined && UUID.test(keyId) ? keyId : undefined;
}

/**
 * The key this task's run was (or is being) started with, while that key exists; otherwise the
 * active key. Following and finding a run must happen under the account that owns it.
 */
async function chooseApifyKey(ctx: JobContext, task: Pick<ScrapeTaskRow, 'apifyStartMarker'>) {
  const keyId = startMarkerKeyId(task.apifyStartMarker);
  const started = keyId === undefined ? undefined : await findApiKey(ctx.database.db, 'apify', keyId);
  return started ?? (await findActiveApiKey(ctx.database.db, 'apify'));
}

/** Platform, time and task id: made here, never from a client, matching RESULT_FILE_NAME_PATTERN. */
export function resultFileName(platformId: string, taskId: string, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  const platform = platformId.toLowerCase().replace(/[^a-z0-9_-]/g, '').slice(0, 32) || 'platform';
  return `${platform}_${stamp}_${taskId.replace(/-/g, '').slice(0, 8)}.json`;
}

/** How many items the input asks for, when an option says so: drives the progress bar. */
export function expectedItems(input: Record<string, unknown>): number {
  let best = 0;
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'number' && /max|limit|results|items/i.test(key) && value > best) best = value;
  }
  return best;
}

export function progressPercentage(itemsFound: number, expected: number): number {
  if (expected <= 0) return itemsFound > 0 ? 50 : 10;
  return Math.min(95, Math.max(10, Math.floor((itemsFound / expected) * 100)));
}

async function platformCookies(ctx: JobContext, platformId: string): Promise<string[]> {
  const row = (await listCookieSets(ctx.database.db)).find((r) => r.platform === platformId);
  if (!row) return [];
  const list: unknown = JSON.parse(ctx.deps.secrets.open(row.sealedCookies));
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * Fails the task and tells its owner, once. One transaction: a worker that dies between the two
 * writes must not leave a failed task whose owner never hears of it (the job's retry finds the
 * task already final and does nothing).
 */
async function failTask(
  ctx: JobContext,
  task: Pick<ScrapeTaskWithOwner, 'id' | 'ownerId' | 'platformId' | 'platformInfo' | 'target'>,
  failure: ScrapeFailure,
  usageTotalUsd?: number,
): Promise<void> {
  await ctx.database.transaction(async ({ db, sql }) => {
    if (!(await failScrapeTask(db, task.id, failure.message, usageTotalUsd, failure.detail))) return;
    // An automation's scrape: its run's summary (a failure, always delivered) says why.
    if (!(await isAutomationWork(db, { scrapeTaskId: task.id }))) {
      await notifyUser(db, task.ownerId, {
        kind: 'scrape.failed',
        message: `Scraping ${task.platformInfo.displayName || task.platformId} "${task.target}" gagal: ${failure.message}`,
        dedupeKey: `scrape:${task.id}`,
      });
    }
    await recordWebhookEvent({ db, sql }, ctx.enqueue, {
      ownerId: task.ownerId,
      event: 'scrape.failed',
      data: { taskId: task.id, platform: task.platformId, target: task.target, error: failure.message, link: '/history' },
    });
  });
}

async function log(ctx: JobContext, taskId: string, ...messages: string[]): Promise<void> {
  await appendScrapeTaskLogs(ctx.database.db, taskId, messages);
}

/**
 * A run an earlier attempt started but never saved (it died, or lost Apify's answer, between the
 * start and the save): found among the actor's runs by the task's start marker. Extra runs with
 * the same marker (two deliveries that both started) are aborted: one run per task.
 */
async function adoptEarlierRun(ctx: JobContext, apify: Apify, task: ScrapeTaskWithOwner, actorId: string, marker: string, requestedAt: Date) {
  const since = new Date(requestedAt.getTime() - START_CLOCK_SKEW_MS);
  const [found, ...extra] = await apify.findMarkedRuns(actorId, marker, since);
  if (!found) return undefined;
  for (const run of extra) await apify.abortRun(run.runId).catch(() => undefined);
  if (!(await setScrapeTaskRun(ctx.database.db, task.id, found.runId, found.datasetId))) {
    // Another delivery saved it first (it follows the run), or the task was cancelled meanwhile
    // (nobody else knows of this run: it is stopped).
    const now = await findScrapeTask(ctx.database.db, task.id);
    if (now?.apifyRunId !== found.runId) await apify.abortRun(found.runId).catch(() => undefined);
    throw new TaskGone();
  }
  await log(ctx, task.id, `Run Apify dari percobaan sebelumnya ditemukan (run ${found.runId}); diikuti tanpa memulai run baru.`);
  return { runId: found.runId, datasetId: found.datasetId };
}

/**
 * Starts the actor once; a task that already has a run id keeps following that run. Exactly
 * once across a worker dying mid-start: the start intent (a fresh marker) is saved before the
 * start and sent with it, so a retry that finds a marker but no run id looks for the marked run
 * and follows it; only when Apify has none does it start again.
 */
async function ensureRun(ctx: JobContext, apify: Apify, apiKeyId: string, task: ScrapeTaskWithOwner, config: ActorConfig) {
  if (task.apifyRunId && task.apifyDatasetId) return { runId: task.apifyRunId, datasetId: task.apifyDatasetId };
  let marker = task.apifyStartMarker;
  if (marker && task.apifyStartRequestedAt && startMarkerKeyId(marker) === apiKeyId) {
    const adopted = await adoptEarlierRun(ctx, apify, task, config.actorId, marker, task.apifyStartRequestedAt);
    if (adopted) return adopted;
    await log(ctx, task.id, 'Run Apify dari percobaan sebelumnya tidak ditemukan; memulai run baru.');
  } else {
    // First start (or the key it was made for is gone): a new marker, saved before the start.
    const intent = await recordScrapeTaskStartIntent(ctx.database.db, task.id, newStartMarker(apiKeyId), marker);
    if (!intent) {
      const now = await findScrapeTask(ctx.database.db, task.id);
      if (!now || isFinalTaskState(now.state)) throw new TaskGone();
      // Another delivery recorded its own intent meanwhile: the retry looks for its run.
      throw new Error('tugas ini sedang dimulai oleh percobaan lain');
    }
    marker = intent.marker;
  }
  const [cookies] = await Promise.all([platformCookies(ctx, config.platformId), log(ctx, task.id, `Memulai aktor ${config.actorId}...`)]);
  const input = buildActorInput(config, task.scrapeType, task.input, cookies);
  const run = await apify.startRun(config.actorId, input, { marker });
  if (!(await setScrapeTaskRun(ctx.database.db, task.id, run.runId, run.datasetId))) {
    // Cancelled meanwhile (or another delivery got there first): this run is not wanted.
    await apify.abortRun(run.runId).catch(() => undefined);
    throw new TaskGone();
  }
  await log(ctx, task.id, `Aktor berjalan (run ${run.runId}).`);
  return { runId: run.runId, datasetId: run.datasetId };
}

/**
 * A task cancelled while its worker lay dead between Apify accepting the start and the run id
 * being saved: nobody knows the run's id, so the cancel could not stop it. The retry finds it by
 * the start marker, aborts it and keeps what it cost. Errors go up: the job's retry tries again
 * (a run left going is paid for).
 */
async function stopOrphanedRun(ctx: JobContext, taskId: string): Promise<void> {
  const task = await findScrapeTask(ctx.database.db, taskId);
  if (task?.state !== 'cancelled' || task.apifyRunId || !task.apifyStartMarker || !task.apifyStartRequestedAt) return;
  const key = await chooseApifyKey(ctx, task);
  if (!key || startMarkerKeyId(task.apifyStartMarker) !== key.id) return;
  const apify = createApify({ token: ctx.deps.secrets.open(key.sealedKey), baseUrl: ctx.deps.apifyBaseUrl });
  const since = new Date(task.apifyStartRequestedAt.getTime() - START_CLOCK_SKEW_MS);
  const runs = await apify.findMarkedRuns(task.actorId, task.apifyStartMarker, since);
  for (const run of runs) await abortAndRecordCost(ctx, apify, taskId, run.runId);
  if (runs.length > 0) await log(ctx, taskId, 'Tugas dibatalkan; run Apify yang sempat dimulai dihentikan.');
}

/** `logOffset` as the task row had it at the top of this poll: only this job moves it. */
async function copyNewLogLines(ctx: JobContext, apify: Apify, taskId: string, runId: string, logOffset: number, final: boolean) {
  const { lines, nextOffset } = await apify.readNewLogLines(runId, logOffset, { final });
  if (lines.length > 0 || nextOffset !== logOffset) {
    await appendScrapeTaskLogs(ctx.database.db, taskId, lines.slice(-500), nextOffset);
  }
}

/**
 * Aborts the run of a cancelled task and keeps what it cost: the abort answers with the cost
 * so far (ABORTING); one short wait for the run to end picks up its last seconds. Best effort:
 * the task is cancelled whatever Apify answers.
 */
async function abortAndRecordCost(ctx: JobContext, apify: Apify, taskId: string, runId: string): Promise<void> {
  const aborted = await apify.abortRun(runId).catch(() => undefined);
  const ended = aborted && !aborted.isTerminal ? await apify.getRun(runId, 5).catch(() => undefined) : aborted;
  const cost = ended?.usageTotalUsd ?? aborted?.usageTotalUsd;
  if (cost !== undefined) await recordScrapeTaskCost(ctx.database.db, taskId, cost).catch(() => undefined);
}

/**
 * Follows the run until it ends, copying progress, its cost so far and log lines; aborts it
 * on cancel.
 */
async function followRun(ctx: JobContext, apify: Apify, taskId: string, runId: string, expected: number) {
  let misses = 0;
  let transientInARow = 0;
  for (;;) {
    if (ctx.signal.aborted) throw new Error('job stopped by the worker');
    const task = await findScrapeTask(ctx.database.db, taskId);
    if (!task) throw new TaskGone();
    if (task.state === 'cancelled') {
      await abortAndRecordCost(ctx, apify, taskId, runId);
      await log(ctx, taskId, 'Tugas dibatalkan; run Apify dihentikan.');
      throw new TaskGone();
    }
    let run;
    try {
      run = await apify.getRun(runId, ctx.deps.apifyPollSeconds);
      // The log lines and the progress are independent writes: made side by side.
      const logged = copyNewLogLines(ctx, apify, taskId, runId, task.logOffset, Boolean(run?.isTerminal));
      if (run) {
        const itemsFound = run.itemCount ?? 0;
        const progress = updateScrapeTaskProgress(ctx.database.db, taskId, {
          itemsFound,
          percentage: progressPercentage(itemsFound, expected),
          usageTotalUsd: run.usageTotalUsd,
        });
        await Promise.all([logged, progress]);
      } else {
        await logged;
      }
      transientInARow = 0;
    } catch (error) {
      // Apify asked us to slow down: wait as long as it says (bounded) and keep following,
      // instead of spending one of the job's retries. Anything else goes up to the caller.
      const waitMs = retryAfterMsOf(error);
      if (!(error instanceof ApifyError) || !isRetryable(error) || waitMs === undefined || ++transientInARow > 5) throw error;
      await log(ctx, taskId, `Apify meminta jeda ${Math.round(waitMs / 1000)} detik; melanjutkan setelahnya.`);
      await new Promise((r) => setTimeout(r, Math.min(waitMs, 60_000)));
      continue;
    }
    if (!run) {
      if (++misses > MAX_RUN_MISSES) throw new Error(`Run Apify ${runId} tidak ditemukan.`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    misses = 0;
    if (run.isTerminal) return run;
  }
}

/**
 * Asks for the next page while the current one is mapped and written: the network wait for
 * page n + 1 overlaps the work on page n (at most two pages are held).
 */
async function* readAhead<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = iterator.next();
  // A failure of the page read ahead surfaces when it is awaited, not as an unhandled rejection.
  next.catch(() => undefined);
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await iterator.return?.(undefined).catch(() => undefined);
  }
}

/**
 * Pages through the dataset and streams the result file to storage: every raw item once, as
 * Apify returned it, in order, then the metadata. Each raw item is mapped with the actor's
 * rules as it passes, for the counts (kept, and why the rest were left out); the downloader's
 * index of the file (result_items) is made afterwards by the result.index job, off the path of
 * the run. The dataset is never held whole in memory.
 */
async function writeResult(
  ctx: JobContext,
  apify: Apify,
  task: ScrapeTaskWithOwner,
  config: ActorConfig,
  datasetId: string,
  file: { fileName: string; path: string; createdAt: Date },
): Promise<{ fileName: string; path: string; itemCount: number; counts: MappingCounts }> {
  const { fileName, path, createdAt } = file;
  // The actor's rules are read once for the whole dataset, not once per item; the writer also
  // tallies why each dropped item was dropped.
  const writer = createResultFileWriter(config);

  async function* body(): AsyncGenerator<string> {
    yield writer.head();
    for await (const page of readAhead(apify.iterateItems(datasetId, PAGE_SIZE))) {
      if (ctx.signal.aborted) throw new Error('job stopped by the worker');
      const { text } = writer.page(page.items);
      if (text !== '') yield text;
    }
    const metadata = {
      taskId: task.id,
      platformId: task.platformId,
      actorId: task.actorId,
      input: task.input,
      owner: { id: task.ownerId, username: task.ownerUsername },
      createdAt: createdAt.toISOString(),
      itemCount: writer.counts().saved,
    };
    yield writer.tail(metadata);
  }

  await ctx.deps.storage.write(path, Readable.from(body()));
  const counts = writer.counts();
  return { fileName, path, itemCount: counts.saved, counts };
}

/** Thrown inside the completing transaction when the task was cancelled meanwhile: its rows go too. */
class NotCompleted extends Error {}

/**
 * scrape.run: start (once) or keep following the task's Apify run, then write the mapped
 * result file. Transient trouble is thrown so pg-boss retries; the run id on the task makes
 * every retry, on any worker, follow the same run.
 */
export const scrapeRun: JobHandler<'scrape.run'> = async ({ taskId }, ctx) => {
  const { db } = ctx.database;
  // Independent reads go side by side: each round trip before the first dataset page is time
  // the member waits (the key is read even for a task that turns out to be gone: one cheap read).
  const task = await markScrapeTaskActive(db, taskId);
  if (!task) {
    await stopOrphanedRun(ctx, taskId);
    return;
  }
  let full: ScrapeTaskWithOwner | undefined;
  try {
    const [found, config, key] = await Promise.all([findScrapeTask(db, taskId), findActorConfig(db, task.platformId), chooseApifyKey(ctx, task)]);
    full = found;
    if (!full) return;
    if (!config) {
      await log(ctx, taskId, INVALID_PLATFORM.message);
      await failTask(ctx, full, INVALID_PLATFORM);
      return failedOutcome(INVALID_PLATFORM);
    }
    if (!key) {
      await log(ctx, taskId, NO_ACTIVE_KEY);
      await failTask(ctx, full, { message: NO_ACTIVE_KEY, detail: null });
      return failedOutcome({ message: NO_ACTIVE_KEY, detail: null });
    }
    const apify = createApify({ token: ctx.deps.secrets.open(key.sealedKey), baseUrl: ctx.deps.apifyBaseUrl });
    const { runId, datasetId } = await ensureRun(ctx, apify, key.id, full, config);
    const expected = expectedItems(buildActorInput(config, full.scrapeType, full.input));
    const run = await followRun(ctx, apify, taskId, runId, expected);
    if (run.status !== 'SUCCEEDED') {
      const failure = runEndFailure(run.status, run.statusMessage);
      await log(ctx, taskId, `Aktor Apify berakhir dengan status ${(failure.detail ?? run.status).replace(/\.$/, '')}.`, failure.message);
      // A failed run is paid for too: its final cost goes on the task.
      await failTask(ctx, full, failure, run.usageTotalUsd);
      return failedOutcome(failure);
    }
    // The log line is written while the first page is read; it is in before the task completes.
    const announced = log(ctx, taskId, 'Run selesai; mengambil dan memetakan item...');
    announced.catch(() => undefined);
    const owner = full;
    const name = `${owner.platformInfo.displayName || owner.platformId} "${owner.target}"`;
    // The file first; then the final state, its log line, the owner's notification and the
    // index job commit together: a worker that dies in between leaves the task as it was, and
    // the job's retry writes its own file and completes it (once).
    const createdAt = new Date();
    const fileName = resultFileName(owner.platformId, taskId, createdAt);
    const file = { fileName, path: `results/${owner.ownerId}/${fileName}`, createdAt };
    let completed: boolean;
    try {
      const result = await writeResult(ctx, apify, owner, config, run.datasetId ?? datasetId, file);
      await announced;
      completed = await ctx.database.transaction(async ({ db: tx, sql }) => {
        const said = describeCounts(result.counts);
        // Found items, kept none: the task completes (the run succeeded and was paid for) with a
        // warning saying why, instead of a green success.
        const warning = countsWarning(result.counts);
        if (!(await completeScrapeTask(tx, taskId, { ...result, usageTotalUsd: run.usageTotalUsd, warning }))) throw new NotCompleted();
        // The downloader's index of the file, made off the path of the run: pending until then.
        await setResultMapping(sql, taskId, PENDING_INDEX);
        await ctx.enqueue('result.index', { taskId }, { db: bossTransaction(sql), singletonKey: taskId });
        await appendScrapeTaskLogs(tx, taskId, [
          warning ? `Selesai dengan peringatan: ${said}.` : `Selesai: ${said} (${result.fileName}).`,
        ]);
        // An automation's scrape: its run's one summary counts what it found.
        if (!(await isAutomationWork(tx, { scrapeTaskId: taskId }))) {
          await notifyUser(tx, owner.ownerId, {
            kind: 'scrape.completed',
            message: warning ? `Scraping ${name} selesai tanpa hasil: ${warning}` : `Scraping ${name} selesai: ${said}.`,
            dedupeKey: `scrape:${taskId}`,
          });
        }
        await recordWebhookEvent({ db: tx, sql }, ctx.enqueue, {
          ownerId: owner.ownerId,
          event: 'scrape.completed',
          data: {
            taskId,
            platform: owner.platformId,
            scrapeType: owner.scrapeType,
            target: owner.target,
            itemsFound: result.counts.found,
            itemsSaved: result.counts.saved,
            warning: warning ?? null,
            fileName: result.fileName,
            link: '/history',
          },
        });
        return true;
      });
    } catch (error) {
      if (error instanceof NotCompleted) {
        completed = false;
      } else {
        // The retry writes its own file. This one goes unless the task names it after all (a
        // commit whose answer was lost); when the task cannot be read, it stays.
        const now = await findScrapeTask(db, taskId).catch(() => undefined);
        if (now && now.resultPath !== file.path) await ctx.deps.storage.remove(file.path).catch(() => undefined);
        throw error;
      }
    }
    if (!completed) {
      // Cancelled while the file was being written: the file is not the task's result, the
      // finished run's cost still is the task's.
      if (run.usageTotalUsd !== undefined) await recordScrapeTaskCost(db, taskId, run.usageTotalUsd);
      await ctx.deps.storage.remove(file.path);
    }
  } catch (error) {
    if (error instanceof TaskGone) return;
    // Apify says whether its trouble is worth another try; anything else (the database
    // restarting, the worker stopping) is ours and worth another attempt.
    const reason = error instanceof Error ? error.message : String(error);
    if (shouldRetry(error, ctx)) {
      await log(ctx, taskId, `Gangguan sementara (${reason}); mencoba lagi...`).catch(() => undefined);
      throw error;
    }
    const failure = failureOf(error, ctx.retryCount + 1, (full ?? task).actorId);
    await log(ctx, taskId, failure.message).catch(() => undefined);
    await failTask(ctx, full ?? task, failure);
    return failedOutcome(failure);
  }
  return undefined;
};

/** The console's line for a scrape that failed and was recorded as failed (issue 31 item 5). */
function failedOutcome(failure: ScrapeFailure): JobOutcome {
  return { kind: 'failed', reason: failure.detail ? `${failure.message} (${failure.detail})` : failure.message };
}
