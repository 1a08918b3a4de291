// Filter: the items of the scrape (the downloader's index of its result file, read before the
// step's transaction) that pass the filters and are new to the automation, their downloads
// queued as one batch. Download: waits for that batch, then on to publishing.
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { AutomationRunCounts } from '@scrapper/contracts/http/automations';
import { applyFilters, failedRule, itemKey, itemTitle, type FilterReason } from '@scrapper/contracts/rules/automations';
import { directMediaUrlOf } from '@scrapper/contracts/rules/direct-media-url';
import { titleKey } from '@scrapper/contracts/rules/title-key';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import {
  listRunItems,
  listTakenTitleKeys,
  markItemsDownloaded,
  ownerDownloads,
  setItemDownload,
  takeItems,
  updateRun,
  type AutomationWithOwner,
} from '@scrapper/db/queries/automations';
import { insertDownloadBatch, setDownloadBatch } from '@scrapper/db/queries/download-batches';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { isFinalDownloadStatus } from '@scrapper/contracts/rules/download-states';
import { findScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { bossTransaction } from '@scrapper/db/queue';
import { listAllResultItems } from '@scrapper/db/queries/result-items';
import { ensureResultIndex } from '@scrapper/db/result-file/ensure-index';
import { readRawRecords, videoItemOf } from '@scrapper/db/result-file/read-items';
import type { AutomationRunRow } from '@scrapper/db/schema';
import type { JobContext } from '../../types.ts';
import type { Step, Tx } from '../types.ts';
import { finishRun } from './finish.ts';

/** What the filter step works on, read before its transaction; or why the run cannot go on. */
export type FilterInput = { items: VideoItem[] } | { error: string };

/** Rules an item fails on its listed fields alone: it is out without its raw record. */
const DECIDED_WITHOUT_RAW: ReadonlySet<FilterReason> = new Set(['minPlays', 'minLikes', 'duration']);

/**
 * The scrape's video items from the downloader's index of its result file (result_items, made
 * with the actor's current mapping; made now if the result.index job has not yet), with the raw
 * record of each item that may pass (read by its byte range: the posted date, the direct media
 * URL, the download's item). Outside the step's transaction: the stored file is read without
 * the run's row locked.
 */
export async function readFilterInput(ctx: JobContext, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<FilterInput> {
  const { database } = ctx;
  const task = run.scrapeTaskId ? await findScrapeTask(database.db, run.scrapeTaskId) : undefined;
  const actor = await findActorConfig(database.db, automation.config.source.platformInfo.platformId);
  if (!task?.resultPath || !actor) return { error: 'File hasil scraping atau konfigurasi platform tidak ditemukan.' };
  await ensureResultIndex(database, ctx.deps.storage, task, actor);
  const rows = await listAllResultItems(database.sql, task.id);
  const rules = automation.config.filters;
  const wanted = rows.filter((row) => {
    const failed = failedRule(videoItemOf(task.platformId, row, null), rules, now);
    return failed === null || !DECIDED_WITHOUT_RAW.has(failed);
  });
  const raws = await readRawRecords(ctx.deps.storage, task.resultPath, wanted);
  return { items: rows.map((row) => videoItemOf(task.platformId, row, raws.get(row.position) ?? null)) };
}

export async function filterAndDownload(
  ctx: JobContext,
  tx: Tx,
  automation: AutomationWithOwner,
  run: AutomationRunRow,
  now: Date,
  input: FilterInput,
): Promise<Step> {
  const { config: cfg } = automation;
  const task = run.scrapeTaskId ? await findScrapeTask(tx.db, run.scrapeTaskId) : undefined;
  if ('error' in input || !task) {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: 'error' in input ? input.error : 'Task scraping run ini sudah tidak ada.' });
    return 'done';
  }
  const { items } = input;
  const owned = await ownerDownloads(tx.db, automation.ownerId, items.map(itemKey));
  const seenTitles = cfg.filters.skipDuplicateTitles ? new Set([...owned.titles, ...(await listTakenTitleKeys(tx.db, automation.id))]) : new Set<string>();
  const { kept, filteredOut } = applyFilters(items, cfg.filters, { now, downloadedKeys: owned.keys, seenTitleKeys: seenTitles });
  // The automation's own memory decides what is new (its primary key), in this transaction.
  const fresh = await takeItems(
    tx.db,
    kept.map((item) => ({
      automationId: automation.id,
      itemKey: itemKey(item),
      runId: run.id,
      title: item.title,
      titleKey: titleKey(itemTitle(item)),
      author: item.author,
      platform: item.platform,
    })),
  );
  const chosen = kept.filter((item) => fresh.has(itemKey(item)));
  const seenBefore = kept.length - chosen.length;
  const counts: AutomationRunCounts = {
    ...run.counts,
    found: items.length,
    filteredOut: seenBefore > 0 ? { ...filteredOut, seenBefore } : filteredOut,
    new: chosen.length,
  };
  if (chosen.length === 0) {
    await finishRun(ctx, tx, automation, run, { status: 'completed', counts });
    return 'done';
  }
  const quality = cfg.download.quality;
  const batch = await insertDownloadBatch(tx.db, { ownerId: automation.ownerId, resultFileName: task.resultFileName, quality, total: chosen.length });
  for (const item of chosen) {
    // The batch download of the downloader, item by item (joins one already under way).
    const { row, created } = await insertOrJoinDownload(tx.db, {
      ownerId: automation.ownerId,
      platform: item.platform,
      sourceItemId: item.id,
      sourceUrl: item.url,
      directUrl: directMediaUrlOf(item.raw),
      resultFileName: task.resultFileName,
      title: item.title || item.id,
      author: item.author,
      quality,
      batchId: batch.id,
      item: item.raw,
    });
    if (created) await ctx.enqueue('video.download', { downloadId: row.id }, { db: bossTransaction(tx.sql), singletonKey: row.id });
    else await setDownloadBatch(tx.db, row.id, batch.id);
    await setItemDownload(tx.db, automation.id, itemKey(item), row.id);
  }
  await updateRun(tx.db, run.id, { stage: 'download', batchId: batch.id, counts });
  return 'wait';
}

export async function followDownloads(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<Step> {
  const items = await listRunItems(tx.db, run.id);
  if (items.some((i) => i.downloadStatus !== null && !isFinalDownloadStatus(i.downloadStatus))) return 'wait';
  await markItemsDownloaded(tx.db, run.id, now);
  const downloaded = items.filter((i) => i.downloadStatus === 'completed').length;
  const counts = { ...run.counts, downloaded, failed: items.length - downloaded };
  if (!automation.config.publish || downloaded === 0) {
    await finishRun(ctx, tx, automation, run, { status: 'completed', counts });
    return 'done';
  }
  await updateRun(tx.db, run.id, { stage: 'publish', counts });
  return 'continue';
}
