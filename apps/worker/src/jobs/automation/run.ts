// automation.run: moves one run forward, one step per transaction under the run's row lock:
// queued -> scrape (a normal scrape task) -> filter (items that pass and are new, their
// downloads queued) -> download (waits for the batch) -> publish (one post per video into the
// posting slots) -> done. Waiting is a new job sent for later, never a sleep in a handler.
// Every step commits its effects (task, downloads, posts, uploads and their jobs) together with
// the run's new stage, so a worker killed anywhere leaves the run at a step that a retry redoes
// from the start, and nothing outside is done twice. Outside work a step needs (Gemini's
// metadata, the scrape's items from the result file) is done before the step's transaction.
import { findAutomation, findRun, lockRun } from '@scrapper/db/queries/automations';
import type { JobContext } from '../types.ts';
import { prepareMetadata } from './metadata.ts';
import { followDownloads, filterAndDownload, readFilterInput, type FilterInput } from './steps/filter-download.ts';
import { publish } from './steps/publish.ts';
import { followScrape, startScrape } from './steps/scrape.ts';
import type { Step, Tx } from './types.ts';

/** Moves the run forward as far as it can go now; sends itself for later when it must wait. */
export async function advanceRun(ctx: JobContext, runId: string, now: () => Date = () => new Date()): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const input = await prepareStep(ctx, runId, now());
    const step = await ctx.database.transaction((tx) => stepRun(ctx, tx, runId, now(), input));
    if (step === 'continue') continue;
    if (step === 'wait') await ctx.enqueue('automation.run', { runId }, { singletonKey: runId, startAfter: ctx.deps.automationRunWaitSeconds });
    return;
  }
}

/**
 * The outside work of the run's next step, done before its transaction: Gemini's metadata is
 * stored on the items (publish), the scrape's items are read from the file's index (filter).
 */
async function prepareStep(ctx: JobContext, runId: string, now: Date): Promise<FilterInput | undefined> {
  const run = await findRun(ctx.database.db, runId);
  if (!run || run.finishedAt) return undefined;
  if (run.stage === 'publish') await prepareMetadata(ctx, runId);
  if (run.stage !== 'filter') return undefined;
  const automation = await findAutomation(ctx.database.db, run.automationId);
  return automation ? readFilterInput(ctx, automation, run, now) : undefined;
}

async function stepRun(ctx: JobContext, tx: Tx, runId: string, now: Date, input: FilterInput | undefined): Promise<Step> {
  const run = await lockRun(tx.db, runId);
  if (!run || run.finishedAt) return 'done';
  const automation = await findAutomation(tx.db, run.automationId);
  if (!automation) return 'done';
  switch (run.stage) {
    case 'queued':
      return startScrape(ctx, tx, automation, run);
    case 'scrape':
      return followScrape(ctx, tx, automation, run);
    case 'filter':
      // Read before this transaction; a run that reached the filter since then reads it next.
      return input ? filterAndDownload(ctx, tx, automation, run, now, input) : 'continue';
    case 'download':
      return followDownloads(ctx, tx, automation, run, now);
    case 'publish':
      return publish(ctx, tx, automation, run, now);
    default:
      return 'done';
  }
}
