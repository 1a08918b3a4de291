// Issue 19: automations. Two queues:
// - automation.tick (a pg-boss schedule, every minute): claims the automations that are due
//   and starts their runs; nudges unfinished runs whose job was lost.
// - automation.run: moves one run forward, one step per transaction under the run's row lock:
//   queued -> scrape (a normal scrape task) -> filter (items that pass and are new, their
//   downloads queued) -> download (waits for the batch) -> publish (uploads into the posting
//   slots) -> done. Waiting is a new job sent for later, never a sleep in a handler.
// Every step commits its effects (task, downloads, uploads and their jobs) together with the
// run's new stage, so a worker killed anywhere leaves the run at a step that a retry redoes
// from the start, and nothing outside is done twice.
import { randomUUID } from 'node:crypto';
import type { ActorConfig, VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { AutomationRunCounts } from '@scrapper/contracts/http/automations';
import {
  applyFilters,
  AUTOMATION_LIMITS,
  fillTemplate,
  itemTitle,
  templateTitle,
  itemKey,
  nextRunAt,
  planSlots,
} from '@scrapper/contracts/rules/automations';
import { isFinalDownloadStatus } from '@scrapper/contracts/rules/download-states';
import { jakartaDateTime, WIB } from '@scrapper/contracts/rules/jakarta-time';
import { COOKIE_PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { createItemMapper } from '@scrapper/contracts/rules/map-items';
import { checkScrapeSource } from '@scrapper/contracts/rules/scrape-source';
import { titleKey } from '@scrapper/contracts/rules/title-key';
import { UPLOAD_DEFAULTS } from '@scrapper/contracts/http/youtube-uploads';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { findActiveApiKey } from '@scrapper/db/queries/api-keys';
import { generateVideoContent, toGeminiError } from '@scrapper/integrations/gemini';
import {
  claimDueAutomations,
  findAutomation,
  insertRunIfIdle,
  listRunItems,
  listTakenSlots,
  listTakenTitleKeys,
  listUnfinishedRuns,
  lockRun,
  markItemsDownloaded,
  ownerDownloads,
  setItemDownload,
  setItemUpload,
  takeItems,
  updateAutomation,
  updateRun,
  type AutomationWithOwner,
} from '@scrapper/db/queries/automations';
import { insertDownloadBatch, setDownloadBatch } from '@scrapper/db/queries/download-batches';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { findScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import { findClientSecret, findQuotaUsage, findYouTubeAccount, insertYouTubeUpload } from '@scrapper/db/queries/youtube';
import { scanResultItems } from '@scrapper/db/result-file/scan-items';
import { rawOfLegacyElement } from '@scrapper/db/result-file/ensure-index';
import type { AutomationRunRow } from '@scrapper/db/schema';
import { bossTransaction } from '@scrapper/db/queue';
import { directMediaUrlOf } from '@scrapper/contracts/rules/direct-media-url';
import type { JobContext, JobHandler } from './types.ts';

const FINAL_TASK = new Set(['completed', 'failed', 'cancelled']);

type Tx = Parameters<Parameters<JobContext['database']['transaction']>[0]>[0];
type Step = 'continue' | 'wait' | 'done';

// ---------------------------------------------------------------------------------------------
// The scheduler

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

// ---------------------------------------------------------------------------------------------
// A run

export const automationRun: JobHandler<'automation.run'> = async ({ runId }, ctx) => {
  try {
    await advanceRun(ctx, runId);
  } catch (error) {
    if (ctx.isLastAttempt) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.log.error({ runId, err: error }, `automation run failed: ${reason}`);
      await ctx.database.transaction(async (tx) => {
        const run = await lockRun(tx.db, runId);
        if (!run || run.finishedAt) return;
        const automation = await findAutomation(tx.db, run.automationId);
        if (!automation) return;
        await finishRun(ctx, tx, automation, run, { status: 'failed', error: 'Run otomasi gagal karena gangguan sistem. Coba jalankan lagi.' });
      });
      return;
    }
    throw error;
  }
};

/** Moves the run forward as far as it can go now; sends itself for later when it must wait. */
export async function advanceRun(ctx: JobContext, runId: string, now: () => Date = () => new Date()): Promise<void> {
  for (let i = 0; i < 10; i++) {
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

/** The run's scrape: a normal task of the owner, exactly as the dashboard's "Mulai" makes it. */
async function startScrape(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow): Promise<Step> {
  const source = automation.config.source;
  const checked = checkScrapeSource(await findActorConfig(tx.db, source.platformInfo.platformId), source);
  if ('error' in checked) {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: `Sumber scraping tidak dapat dipakai: ${checked.error}` });
    return 'done';
  }
  const { config, target } = checked;
  const task = await insertScrapeTask(tx.db, {
    ownerId: automation.ownerId,
    actorId: config.actorId,
    platformId: config.platformId,
    scrapeType: source.platformInfo.scrapeType,
    target: target.slice(0, 500),
    input: source.input,
    platformInfo: { ...source.platformInfo, displayName: config.displayName },
  });
  await ctx.enqueue('scrape.run', { taskId: task.id }, { db: bossTransaction(tx.sql), singletonKey: task.id });
  await updateRun(tx.db, run.id, { stage: 'scrape', scrapeTaskId: task.id });
  return 'wait';
}

async function followScrape(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow): Promise<Step> {
  const task = run.scrapeTaskId ? await findScrapeTask(tx.db, run.scrapeTaskId) : undefined;
  if (!task) {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: 'Task scraping run ini sudah tidak ada.' });
    return 'done';
  }
  if (!FINAL_TASK.has(task.state)) return 'wait';
  if (task.state !== 'completed') {
    const why = task.state === 'cancelled' ? 'Scraping dibatalkan.' : `Scraping gagal: ${task.error ?? 'alasan tidak diketahui'}`;
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: why, usageTotalUsd: task.usageTotalUsd });
    return 'done';
  }
  await updateRun(tx.db, run.id, { stage: 'filter', usageTotalUsd: task.usageTotalUsd });
  return 'continue';
}

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

async function filterAndDownload(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<Step> {
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

async function followDownloads(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<Step> {
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

type Metadata = { title: string; description: string; tags: string[] };

/** Title, description and tags of an item's upload from the template. */
function templateMetadata(template: { title: string; description: string; tags: string[] }, item: { title: string; author: string; platform: string }): Metadata {
  // {platform} reads as the member writes it: "TikTok", not the id "tiktok".
  const platform = (COOKIE_PLATFORM_LABELS as Record<string, string>)[item.platform] ?? item.platform;
  // An item without a title reads as the history shows it ("Video TikTok dari @kreator").
  const values = { title: itemTitle(item), author: item.author, platform };
  return {
    title: clean(templateTitle(template.title, values), 100) || clean(values.title, 100) || 'Video',
    description: fillTemplate(template.description, values).slice(0, 5000),
    tags: template.tags.map((t) => fillTemplate(t, values)),
  };
}

/**
 * Gemini's title, description and tags for each item (the upload page's "Generate" with the
 * admin's active key); a string instead says why not (no key, or Gemini's trouble).
 */
async function geminiWriter(ctx: JobContext, db: Tx['db']): Promise<{ write(title: string): Promise<Metadata | string> } | string> {
  const key = await findActiveApiKey(db, 'gemini');
  if (!key) return 'Belum ada API key Gemini yang aktif';
  const apiKey = ctx.deps.secrets.open(key.sealedKey);
  return {
    async write(title) {
      try {
        const { content } = await generateVideoContent({
          apiKey,
          originalTitle: title,
          signal: ctx.signal,
          ...(ctx.deps.gemini.baseUrl ? { baseUrl: ctx.deps.gemini.baseUrl } : {}),
          ...(ctx.deps.gemini.model ? { configuredModel: ctx.deps.gemini.model } : {}),
        });
        return { title: clean(content.title, 100) || clean(title, 100) || 'Video', description: content.description.slice(0, 5000), tags: content.tags };
      } catch (raw) {
        return toGeminiError(raw, ctx.signal).userMessage;
      }
    },
  };
}

/** YouTube refuses `<` and `>` in titles; one line, within the limit. */
function clean(text: string, max: number): string {
  return [...text.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim()].slice(0, max).join('');
}

async function publish(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<Step> {
  const publishCfg = automation.config.publish;
  const items = (await listRunItems(tx.db, run.id)).filter((i) => i.downloadStatus === 'completed' && i.item.uploadId === null && i.item.downloadId);
  if (!publishCfg || items.length === 0) {
    await finishRun(ctx, tx, automation, run, { status: 'completed' });
    return 'done';
  }
  const account = await findYouTubeAccount(tx.db, publishCfg.accountId);
  const client = account?.clientSecretId ? await findClientSecret(tx.db, account.clientSecretId) : undefined;
  if (!account || account.userId !== automation.ownerId || !client) {
    await finishRun(ctx, tx, automation, run, {
      status: 'failed',
      error: 'Akun YouTube otomasi ini tidak ditemukan atau perlu dihubungkan ulang; video sudah diunduh, tetapi belum diupload.',
    });
    return 'done';
  }
  const usage = await findQuotaUsage(tx.db, client.id, now);
  const plan = planSlots({
    slots: publishCfg.slots,
    maxPerDay: publishCfg.maxPerDay,
    now,
    taken: await listTakenSlots(tx.db, automation.id, now),
    count: items.length,
    uploadsRemainingToday: client.quotaDailyUploads - usage.uploads,
    dailyUploads: client.quotaDailyUploads,
  });
  let queued = 0;
  let rolledOver = 0;
  const metadata = publishCfg.metadata;
  const gemini = metadata.mode === 'gemini' ? await geminiWriter(ctx, tx.db) : undefined;
  const geminiTrouble: string[] = typeof gemini === 'string' ? [gemini] : [];
  for (const [index, state] of items.entries()) {
    const slot = plan[index];
    if (!slot) break;
    let meta: Metadata;
    if (metadata.mode === 'template') {
      meta = templateMetadata(metadata, state.item);
    } else {
      const written = gemini && typeof gemini !== 'string' ? await gemini.write(itemTitle(state.item)) : undefined;
      if (written && typeof written !== 'string') {
        meta = written;
      } else {
        // Without Gemini the item's own title stands (said in the run's notes).
        if (typeof written === 'string') geminiTrouble.push(written);
        meta = templateMetadata({ title: '{title}', description: '{title}', tags: [] }, state.item);
      }
    }
    const upload = await insertYouTubeUpload(tx.db, {
      id: randomUUID(),
      userId: automation.ownerId,
      accountId: account.id,
      title: meta.title,
      description: meta.description,
      tags: meta.tags,
      categoryId: publishCfg.categoryId,
      privacyStatus: publishCfg.privacyStatus,
      publishType: 'schedule',
      publishAt: slot.publishAt,
      madeForKids: publishCfg.madeForKids,
      containsSyntheticMedia: false,
      videoEffect: publishCfg.videoEffect,
      playlistId: publishCfg.playlistId,
      sourceKind: 'server',
      sourceUrl: null,
      sourceItemId: null,
      sourceDownloadId: state.item.downloadId,
      videoFileName: `${clean(itemTitle(state.item), 80) || 'video'}.mp4`,
      audioVolume: UPLOAD_DEFAULTS.audioVolume,
      videoVolume: UPLOAD_DEFAULTS.videoVolume,
      status: 'scheduled',
    });
    // Never twice: the item takes this upload only if it has none.
    if (!(await setItemUpload(tx.db, automation.id, state.item.itemKey, upload.id, slot.publishAt))) throw new Error('item already has an upload');
    const startAfter = slot.uploadAfter ? slot.uploadAfter : undefined;
    await ctx.enqueue('youtube.upload', { uploadId: upload.id }, { db: bossTransaction(tx.sql), singletonKey: upload.id, ...(startAfter ? { startAfter } : {}) });
    queued++;
    if (slot.rolledOver) rolledOver++;
  }
  const notes = [...run.notes];
  if (rolledOver > 0) {
    notes.push(
      `${rolledOver} upload dipindah ke hari berikutnya karena kuota upload YouTube hari ini habis (kuota direset tengah malam waktu Pasifik).`,
    );
  }
  if (items.length > queued) notes.push(`${items.length - queued} video tidak mendapat slot posting dalam ${AUTOMATION_LIMITS.maxPlanDays} hari.`);
  if (geminiTrouble.length > 0) {
    notes.push(`Gemini tidak menulis metadata untuk ${Math.min(geminiTrouble.length, queued)} upload (${geminiTrouble[0] ?? ''}); judul asli item dipakai.`);
  }
  const first = plan[0];
  if (first) notes.push(`Upload pertama tayang ${jakartaDateTime(first.publishAt)} ${WIB}.`);
  await finishRun(ctx, tx, automation, run, { status: 'completed', counts: { ...run.counts, queued, rolledOver }, notes });
  return 'done';
}

// ---------------------------------------------------------------------------------------------
// The end of a run

function summary(counts: AutomationRunCounts): string {
  const out = Object.entries(counts.filteredOut).reduce((n, [, v]) => n + (v ?? 0), 0);
  const parts = [`${counts.found} ditemukan`, `${out} tersaring`, `${counts.new} baru`, `${counts.downloaded} diunduh`];
  if (counts.queued > 0) parts.push(`${counts.queued} dijadwalkan ke YouTube`);
  if (counts.failed > 0) parts.push(`${counts.failed} gagal`);
  return parts.join(', ');
}

/**
 * Ends the run (once: the caller holds its row lock and it is unfinished), with one notification
 * and one webhook event. Failures in a row are counted; the third pauses the automation and
 * says why.
 */
async function finishRun(
  ctx: Pick<JobContext, 'enqueue'>,
  tx: Tx,
  automation: AutomationWithOwner,
  run: AutomationRunRow,
  end: { status: 'completed' | 'failed'; error?: string; counts?: AutomationRunCounts; notes?: string[]; usageTotalUsd?: number | null },
  now = new Date(),
): Promise<void> {
  const counts = end.counts ?? run.counts;
  await updateRun(tx.db, run.id, {
    status: end.status,
    stage: 'done',
    counts,
    notes: end.notes ?? run.notes,
    error: end.error ?? null,
    finishedAt: now,
    ...(end.usageTotalUsd !== undefined ? { usageTotalUsd: end.usageTotalUsd } : {}),
  });
  // The page "Otomasi" (the web app has no page per automation).
  const link = '/automations';
  if (end.status === 'completed') {
    if (automation.consecutiveFailures !== 0) await updateAutomation(tx.db, automation.id, { consecutiveFailures: 0 }, now);
    await notifyUser(tx.db, automation.ownerId, {
      kind: 'automation.completed',
      message: `Otomasi "${automation.name}" selesai: ${summary(counts)}.`,
      dedupeKey: `automation-run:${run.id}`,
      link,
    });
  } else {
    const failures = automation.consecutiveFailures + 1;
    const pause = failures >= AUTOMATION_LIMITS.failuresBeforePause && automation.status === 'active';
    const reason = `Dijeda otomatis setelah ${failures} run gagal berturut-turut. Terakhir: ${end.error ?? 'alasan tidak diketahui'}`;
    await updateAutomation(tx.db, automation.id, { consecutiveFailures: failures, ...(pause ? { status: 'paused', pausedReason: reason } : {}) }, now);
    await notifyUser(tx.db, automation.ownerId, {
      kind: 'automation.failed',
      message: pause
        ? `Otomasi "${automation.name}" dijeda: ${failures} run gagal berturut-turut. Terakhir: ${end.error ?? 'alasan tidak diketahui'}`
        : `Otomasi "${automation.name}" gagal: ${end.error ?? 'alasan tidak diketahui'}`,
      dedupeKey: `automation-run:${run.id}`,
      link,
    });
  }
  await recordWebhookEvent(tx, ctx.enqueue, {
    ownerId: automation.ownerId,
    event: end.status === 'completed' ? 'automation.run.completed' : 'automation.run.failed',
    data: {
      automationId: automation.id,
      runId: run.id,
      name: automation.name,
      status: end.status,
      counts,
      ...(end.error ? { error: end.error } : {}),
      scrapeTaskId: run.scrapeTaskId,
    },
    at: now,
  });
}
