// The run's scrape: a normal task of the owner, exactly as the dashboard's "Mulai" makes it,
// and following it until it ends.
import { checkScrapeSource } from '@scrapper/contracts/rules/scrape-source';
import { isFinalTaskState } from '@scrapper/contracts/rules/task-states';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { updateRun, type AutomationWithOwner } from '@scrapper/db/queries/automations';
import { findScrapeTask, queueScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import type { AutomationRunRow } from '@scrapper/db/schema';
import type { JobContext } from '../../types.ts';
import type { Step, Tx } from '../types.ts';
import { finishRun } from './finish.ts';

export async function startScrape(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow): Promise<Step> {
  const source = automation.config.source;
  const checked = checkScrapeSource(await findActorConfig(tx.db, source.platformInfo.platformId), source);
  if ('error' in checked) {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: `Sumber scraping tidak dapat dipakai: ${checked.error}` });
    return 'done';
  }
  const { config, target } = checked;
  const task = await queueScrapeTask(tx, ctx.enqueue, {
    ownerId: automation.ownerId,
    actorId: config.actorId,
    platformId: config.platformId,
    scrapeType: source.platformInfo.scrapeType,
    target: target.slice(0, 500),
    input: source.input,
    platformInfo: { ...source.platformInfo, displayName: config.displayName },
  });
  await updateRun(tx.db, run.id, { stage: 'scrape', scrapeTaskId: task.id });
  return 'wait';
}

export async function followScrape(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow): Promise<Step> {
  const task = run.scrapeTaskId ? await findScrapeTask(tx.db, run.scrapeTaskId) : undefined;
  if (!task) {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: 'Task scraping run ini sudah tidak ada.' });
    return 'done';
  }
  if (!isFinalTaskState(task.state)) return 'wait';
  if (task.state !== 'completed') {
    const why = task.state === 'cancelled' ? 'Scraping dibatalkan.' : `Scraping gagal: ${task.error ?? 'alasan tidak diketahui'}`;
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: why, usageTotalUsd: task.usageTotalUsd });
    return 'done';
  }
  await updateRun(tx.db, run.id, { stage: 'filter', usageTotalUsd: task.usageTotalUsd });
  return 'continue';
}
