// automation.tick (a pg-boss schedule, every minute): claims the automations that are due and
// starts their runs; nudges unfinished runs whose job was lost.
import { nextRunAt } from '@scrapper/contracts/rules/automations';
import { claimDueAutomations, insertRunIfIdle, listUnfinishedRuns } from '@scrapper/db/queries/automations';
import { bossTransaction } from '@scrapper/db/queue';
import type { JobContext, JobHandler } from '../types.ts';

/**
 * One pass of the scheduler at `now`: every due automation is claimed (its next run moved
 * forward from now, in the same statement that claims it) and gets a run, unless one is under
 * way; then unfinished runs get a job (a lost one is found within a minute).
 */
export async function tickAutomations(ctx: Pick<JobContext, 'database' | 'enqueue'>, now: Date): Promise<string[]> {
  const started = await ctx.database.transaction(async ({ db, sql }) => {
    const claimed = await claimDueAutomations(db, now, (row) => nextRunAt(row.config.schedule, now));
    const runs: string[] = [];
    for (const automation of claimed) {
      const run = await insertRunIfIdle(db, automation.id, 'schedule', now);
      if (!run) continue;
      await ctx.enqueue('automation.run', { runId: run.id }, { db: bossTransaction(sql), singletonKey: run.id });
      runs.push(run.id);
    }
    return runs;
  });
  for (const run of await listUnfinishedRuns(ctx.database.db, ['queued', 'scrape', 'filter', 'download', 'publish'])) {
    if (started.includes(run.id)) continue;
    // The queue keeps one waiting job per run: a run that has one is not sent another.
    await ctx.enqueue('automation.run', { runId: run.id }, { singletonKey: run.id });
  }
  return started;
}

export const automationTick: JobHandler<'automation.tick'> = async (_payload, ctx) => {
  const started = await tickAutomations(ctx, new Date());
  // Every minute: a tick that started no run says nothing on the console.
  return started.length === 0 ? { kind: 'idle' } : undefined;
};
