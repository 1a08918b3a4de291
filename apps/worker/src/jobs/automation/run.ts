// automation.run: moves one run forward, one step per transaction under the run's row lock:
// queued -> scrape (a normal scrape task) -> filter (items that pass and are new, their
// downloads queued) -> download (waits for the batch) -> publish (one post per video into the
// posting slots) -> done. Waiting is a new job sent for later, never a sleep in a handler.
// Every step commits its effects (task, downloads, posts, uploads and their jobs) together with
// the run's new stage, so a worker killed anywhere leaves the run at a step that a retry redoes
// from the start, and nothing outside is done twice. Outside work a step needs (Gemini's
// metadata) is done and stored before the step's transaction.
import { findAutomation, findRun, lockRun } from '@scrapper/db/queries/automations';
import type { JobContext } from '../types.ts';
import { prepareMetadata } from './metadata.ts';
import { followDownloads, filterAndDownload } from './steps/filter-download.ts';
import { publish } from './steps/publish.ts';
import { followScrape, startScrape } from './steps/scrape.ts';
import type { Step, Tx } from './types.ts';

/** Moves the run forward as far as it can go now; sends itself for later when it must wait. */
export async function advanceRun(ctx: JobContext, runId: string, now: () => Date = () => new Date()): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if ((await findRun(ctx.database.db, runId))?.stage === 'publish') await prepareMetadata(ctx, runId);
    const step = await ctx.database.transaction((tx) => stepRun(ctx, tx, runId, now()));
    if (step === 'continue') continue;
    if (step === 'wait') await ctx.enqueue('automation.run', { runId }, { singletonKey: runId, startAfter: ctx.deps.automationRunWaitSeconds });
    return;
  }
}

async function stepRun(ctx: JobContext, tx: Tx, runId: string, now: Date): Promise<Step> {
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
      return filterAndDownload(ctx, tx, automation, run, now);
    case 'download':
      return followDownloads(ctx, tx, automation, run, now);
    case 'publish':
      return publish(ctx, tx, automation, run, now);
    default:
      return 'done';
  }
}
