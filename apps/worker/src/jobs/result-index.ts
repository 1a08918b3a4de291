import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { findScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { ensureResultIndex } from '@scrapper/db/result-file/ensure-index';
import type { JobHandler } from './types.ts';

/**
 * result.index: the result_items rows of a completed task's file, made right after scrape.run
 * completes it (queued in that transaction), so the file is usually indexed before the member
 * opens it in the downloader. Scraping itself only writes the file: the index is not on the
 * path of a run. The API builds the same index on demand when it gets there first (same code,
 * same per-task lock); whoever comes second finds it done.
 */
export const resultIndex: JobHandler<'result.index'> = async ({ taskId }, ctx) => {
  const task = await findScrapeTask(ctx.database.db, taskId);
  if (!task?.resultPath || task.state !== 'completed') return;
  const config = await findActorConfig(ctx.database.db, task.platformId);
  const started = performance.now();
  await ensureResultIndex(ctx.database, ctx.deps.storage, task, config);
  ctx.log.info({ taskId, ms: Math.round(performance.now() - started) }, 'result index ready');
};
