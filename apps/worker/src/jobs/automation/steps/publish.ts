// Publish: one publish post per downloaded video, into the automation's WIB posting slots, with
// one target per destination (issue 33 item 7), made by the same command as the composer's
// (createPublishPostWithJobs: exactly once per target, `post.published`/`post.failed` webhooks,
// one summary notification per post). YouTube destinations keep their pipeline: the upload row
// is made here into its slot (the upload quota rolls it to the next quota day) and the target
// names it. Every other destination publishes at the slot, within its daily budget: one whose
// budget is spent around the slot rolls to the same slot a day later. The metadata was prepared
// before this transaction (metadata.ts).
import { randomUUID } from 'node:crypto';
import type { AutomationPublish } from '@scrapper/contracts/http/automations';
import { UPLOAD_DEFAULTS } from '@scrapper/contracts/http/youtube-uploads';
import { AUTOMATION_LIMITS, itemTitle, planSlots, type PlannedSlot } from '@scrapper/contracts/rules/automations';
import { jakartaDateTime, WIB } from '@scrapper/contracts/rules/jakarta-time';
import { destinationDailyLimit, fitIntoBudget } from '@scrapper/contracts/rules/publish-budget';
import { PUBLISH_TEXT_LIMITS } from '@scrapper/contracts/rules/publish-destinations';
import { listRunItems, listTakenSlots, setItemPost, type AutomationWithOwner, type RunItemState } from '@scrapper/db/queries/automations';
import { createPublishPostWithJobs, type QueuedTarget } from '@scrapper/db/queries/publish-posts';
import { findQuotaUsage, insertYouTubeUpload } from '@scrapper/db/queries/youtube';
import { bossTransaction } from '@scrapper/db/queue';
import type { AutomationRunRow } from '@scrapper/db/schema';
import type { JobContext } from '../../types.ts';
import { clean, templateMetadata, type ItemMetadata } from '../metadata.ts';
import type { Step, Tx } from '../types.ts';
import { resolveDestinations, type Destination } from './destinations.ts';
import { finishRun } from './finish.ts';

/** TikTok from an automation: an inbox draft (a direct post needs the member's choice per post). */
const TIKTOK_INBOX = { mode: 'inbox', disableComment: true, disableDuet: true, disableStitch: true, brandOrganic: false, brandContent: false };

export async function publish(ctx: JobContext, tx: Tx, automation: AutomationWithOwner, run: AutomationRunRow, now: Date): Promise<Step> {
  const cfg = automation.config.publish;
  const items = (await listRunItems(tx.db, run.id)).filter(
    (i) => i.downloadStatus === 'completed' && i.item.uploadId === null && i.item.publishPostId === null && i.item.downloadId,
  );
  if (!cfg || items.length === 0) {
    await finishRun(ctx, tx, automation, run, { status: 'completed' });
    return 'done';
  }
  const destinations = await resolveDestinations(tx, automation.ownerId, cfg.destinations, now);
  if (typeof destinations === 'string') {
    await finishRun(ctx, tx, automation, run, { status: 'failed', error: destinations });
    return 'done';
  }
  const plan = planSlots({
    slots: cfg.slots,
    maxPerDay: cfg.maxPerDay,
    now,
    taken: await listTakenSlots(tx.db, automation.id, now),
    count: items.length,
    ...(await youtubeQuota(tx, destinations, now, items.length)),
  });
  const rolled = new Map<string, number>();
  const failures: string[] = [];
  let queued = 0;
  let quotaRolled = 0;
  for (const [index, state] of items.entries()) {
    const slot = plan[index];
    if (!slot) break;
    await publishItem(ctx, tx, { automation, run, cfg, destinations, state, slot, rolled, failures });
    queued++;
    if (slot.rolledOver) quotaRolled++;
  }
  const notes = [...run.notes];
  if (quotaRolled > 0) {
    notes.push(`${quotaRolled} upload dipindah ke hari berikutnya karena kuota upload YouTube hari ini habis (kuota direset tengah malam waktu Pasifik).`);
  }
  for (const [label, n] of rolled) notes.push(`${n} posting ke ${label} dipindah ke hari berikutnya karena batas posting hariannya penuh.`);
  if (items.length > queued) notes.push(`${items.length - queued} video tidak mendapat slot posting dalam ${AUTOMATION_LIMITS.maxPlanDays} hari.`);
  const trouble = items.slice(0, queued).flatMap((s) => (s.item.metadata?.note ? [s.item.metadata.note] : []));
  if (trouble.length > 0) notes.push(`Gemini tidak menulis metadata untuk ${trouble.length} upload (${trouble[0] ?? ''}); judul asli item dipakai.`);
  const first = plan[0];
  if (first) notes.push(`Upload pertama tayang ${jakartaDateTime(first.publishAt)} ${WIB}.`);
  const rolledOver = Math.max(quotaRolled, ...[...rolled.values()], 0);
  await finishRun(ctx, tx, automation, run, { status: 'completed', counts: { ...run.counts, queued, rolledOver }, notes, publishFailures: failures });
  return 'done';
}

/**
 * What today's YouTube quota allows: the tightest of the YouTube destinations' apps. Without a
 * YouTube destination the slots alone decide.
 */
async function youtubeQuota(tx: Tx, destinations: Destination[], now: Date, count: number) {
  const clients = destinations.flatMap((d) => (d.platform === 'youtube' ? [d.client] : []));
  if (clients.length === 0) return { uploadsRemainingToday: count, dailyUploads: count };
  let remaining = Infinity;
  let daily = Infinity;
  for (const client of clients) {
    const usage = await findQuotaUsage(tx.db, client.id, now);
    remaining = Math.min(remaining, client.quotaDailyUploads - usage.uploads);
    daily = Math.min(daily, client.quotaDailyUploads);
  }
  return { uploadsRemainingToday: remaining, dailyUploads: daily };
}

interface ItemPlan {
  automation: AutomationWithOwner;
  run: AutomationRunRow;
  cfg: AutomationPublish;
  destinations: Destination[];
  state: RunItemState;
  slot: PlannedSlot;
  /** Destinations rolled to a later day by their budget, counted by label. */
  rolled: Map<string, number>;
  /** Why a destination of an item could not be queued (the run's summary names the first). */
  failures: string[];
}

async function publishItem(ctx: JobContext, tx: Tx, p: ItemPlan): Promise<void> {
  const { automation, cfg, state, slot } = p;
  const item = state.item;
  const meta: ItemMetadata = item.metadata ?? templateMetadata({ title: '{title}', description: '{title}', tags: [] }, item);
  // The caption (TikTok, Instagram, Facebook): the title, then the description when it adds one.
  const text = meta.description.trim() && meta.description.trim() !== meta.title ? `${meta.title}\n\n${meta.description.trim()}` : meta.title;
  const caption = [...text].slice(0, PUBLISH_TEXT_LIMITS.captionMaxLength).join('');
  const targets: QueuedTarget[] = [];
  let firstUpload: string | null = null;
  for (const d of p.destinations) {
    if (d.platform === 'youtube') {
      const uploadId = await scheduleYouTubeUpload(ctx, tx, p, d.channel.id, meta);
      firstUpload ??= uploadId;
      targets.push({
        platform: 'youtube',
        youtubeAccountId: d.channel.id,
        youtubeUploadId: uploadId,
        status: 'uploading',
        scheduledAt: slot.publishAt,
        options: { privacyStatus: cfg.privacyStatus, madeForKids: cfg.madeForKids, categoryId: cfg.categoryId },
      });
      continue;
    }
    const fit = fitIntoBudget(slot.publishAt, d.used, destinationDailyLimit(d.platform), AUTOMATION_LIMITS.maxPlanDays);
    const options = d.platform === 'tiktok' ? TIKTOK_INBOX : d.platform === 'instagram' ? { shareToFeed: true } : {};
    if (!fit) {
      const reason = `Batas posting harian ${d.label} penuh selama ${AUTOMATION_LIMITS.maxPlanDays} hari ke depan.`;
      p.failures.push(reason);
      targets.push({ platform: d.platform, accountId: d.account.id, options, status: 'failed', reason, finishedAt: new Date() });
      continue;
    }
    d.used.push(fit.at);
    if (fit.rolledOver) p.rolled.set(d.label, (p.rolled.get(d.label) ?? 0) + 1);
    targets.push({ platform: d.platform, accountId: d.account.id, options, scheduledAt: fit.at, startAfter: fit.at });
  }
  const { post } = await createPublishPostWithJobs(tx, ctx.enqueue, {
    userId: automation.ownerId,
    serverFileId: item.downloadId,
    caption,
    title: meta.title,
    scheduledAt: slot.publishAt,
    automationRunId: p.run.id,
  }, targets);
  // Never twice: the item takes this post only if it has none.
  if (!(await setItemPost(tx.db, automation.id, item.itemKey, { publishPostId: post.id, uploadId: firstUpload, publishAt: slot.publishAt }))) {
    throw new Error('item already has a post');
  }
}

/** A YouTube destination: the upload row into the slot and its job (after the quota day if rolled). */
async function scheduleYouTubeUpload(ctx: JobContext, tx: Tx, p: ItemPlan, channelId: string, meta: ItemMetadata): Promise<string> {
  const { cfg, slot, state } = p;
  const upload = await insertYouTubeUpload(tx.db, {
    id: randomUUID(),
    userId: p.automation.ownerId,
    accountId: channelId,
    title: meta.title,
    description: meta.description,
    tags: meta.tags,
    categoryId: cfg.categoryId,
    privacyStatus: cfg.privacyStatus,
    publishType: 'schedule',
    publishAt: slot.publishAt,
    madeForKids: cfg.madeForKids,
    containsSyntheticMedia: false,
    videoEffect: cfg.videoEffect,
    playlistId: cfg.playlistId,
    sourceKind: 'server',
    sourceUrl: null,
    sourceItemId: null,
    sourceDownloadId: state.item.downloadId,
    videoFileName: `${clean(itemTitle(state.item), 80) || 'video'}.mp4`,
    audioVolume: UPLOAD_DEFAULTS.audioVolume,
    videoVolume: UPLOAD_DEFAULTS.videoVolume,
    status: 'scheduled',
  });
  const startAfter = slot.uploadAfter ?? undefined;
  await ctx.enqueue('youtube.upload', { uploadId: upload.id }, { db: bossTransaction(tx.sql), singletonKey: upload.id, ...(startAfter ? { startAfter } : {}) });
  return upload.id;
}
