// Automations (issue 19, publishing everywhere since issue 33): the scheduler's tick and the
// run's job. How a run moves: run.ts; its steps: steps/.
import { findAutomation, lockRun } from '@scrapper/db/queries/automations';
import { shouldRetry } from '@scrapper/integrations/retry';
import type { JobHandler } from '../types.ts';
import { advanceRun } from './run.ts';
import { finishRun } from './steps/finish.ts';

export { automationTick, tickAutomations } from './tick.ts';

export const automationRun: JobHandler<'automation.run'> = async ({ runId }, ctx) => {
  try {
    await advanceRun(ctx, runId);
  } catch (error) {
    if (shouldRetry(error, ctx)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.error({ runId, err: error }, `automation run failed: ${reason}`);
    await ctx.database.transaction(async (tx) => {
      const run = await lockRun(tx.db, runId);
      if (!run || run.finishedAt) return;
      const automation = await findAutomation(tx.db, run.automationId);
      if (!automation) return;
      await finishRun(ctx, tx, automation, run, { status: 'failed', error: 'Run otomasi gagal karena gangguan sistem. Coba jalankan lagi.' });
    });
  }
};
