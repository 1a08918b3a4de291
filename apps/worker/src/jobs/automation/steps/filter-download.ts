// Filter: the items of the scrape that pass the filters and are new to the automation, their
// downloads queued as one batch. Download: waits for that batch, then on to publishing.
import type { ActorConfig, VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { AutomationRunCounts } from '@scrapper/contracts/http/automations';
import { applyFilters, itemKey, itemTitle } from '@scrapper/contracts/rules/automations';
import { directMediaUrlOf } from '@scrapper/contracts/rules/direct-media-url';
import { createItemMapper } from '@scrapper/contracts/rules/map-items';
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
import { rawOfLegacyElement } from '@scrapper/db/result-file/ensure-index';
import { scanResultItems } from '@scrapper/db/result-file/scan-items';
import type { AutomationRunRow } from '@scrapper/db/schema';
import type { JobContext } from '../../types.ts';
import type { Step, Tx } from '../types.ts';
import { finishRun } from './finish.ts';

/** The video items of the task's result file, mapped with the actor's current mapping. */
async function readItems(ctx: JobContext, resultPath: string, config: ActorConfig): Promise<VideoItem[]> {
  const map = createItemMapper(config);
  const items: VideoItem[] = [];
  for await (const element of scanResultItems(await ctx.deps.storage.read(resultPath))) {
    const outcome = map(rawOfLegacyElement(JSON.parse(element.json)));
    if (outcome.item) items.push(outcome.item);
  }
  return items;
}

export async function filterAndDownload(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<Step> {
  const { config: cfg } = automation;
  const task = run.scrapeTaskId ? await findScrapeTask(tx.db, run.scrapeTaskId) : undefined;
  const actor = await findActorConfig(tx.db, cfg.source.platformInfo.platformId);
  if (!task?.resultPath || !actor) {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: 'File hasil scraping atau konfigurasi platform tidak ditemukan.' });
    return 'done';
  }
  const items = await readItems(ctx, task.resultPath, actor);
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
