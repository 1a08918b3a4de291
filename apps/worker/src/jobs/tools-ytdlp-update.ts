import type { JobHandler } from './types.ts';

/**
 * tools.ytdlp-update (daily, pg-boss schedule): the update check of this worker's machine. The
 * check records its own outcome and never throws for a failed update (a queue retry would only
 * repeat it; the catch-up timer of each worker tries again later).
 */
export const toolsYtDlpUpdate: JobHandler<'tools.ytdlp-update'> = async (_payload, ctx) => {
  await ctx.deps.ytdlpTools.check('schedule');
};
