// Instagram Reels and Facebook Page Reels by Meta's byte upload (rupload). The container or
// video id and its upload address are committed before the first byte; a retry reads the
// status and sends only what Meta does not hold (rupload says its offset), finishes or
// publishes once, and finds a reel whose publish answer was lost instead of posting it again.
import { setTimeout as delay } from 'node:timers/promises';
import { recordTargetRemote, updateTarget } from '@scrapper/db/queries/publish-posts';
import type { PublishAccountRow } from '@scrapper/db/schema';
import {
  createReelContainer,
  finishPageReel,
  listRecentMedia,
  publishReel,
  readContainerStatus,
  readMediaPermalink,
  readPageReelStatus,
  readPublishingLimit,
  startPageReel,
  uploadPageReelBytes,
  uploadReelBytes,
  type MetaEndpoints,
} from '@scrapper/integrations/meta';
import { prepareFile, TargetStop } from './prepare-file.ts';
import type { SendTarget } from './types.ts';

/** Between status reads while Meta processes. */
export const META_STATUS_INTERVAL_MS = 1500;

interface MetaTokens {
  pageToken: string;
}

function endpointsOf(ctx: Parameters<SendTarget>[0]['ctx']): MetaEndpoints {
  return ctx.deps.publish.meta;
}

function pageTokenOf(ctx: Parameters<SendTarget>[0]['ctx'], account: PublishAccountRow): string {
  return (JSON.parse(ctx.deps.secrets.open(account.sealedTokens)) as MetaTokens).pageToken;
}

export const sendInstagram: SendTarget = async ({ ctx, rows, jobDir }) => {
  const { target, post, account } = rows;
  if (!account) throw new TargetStop('Akun Instagram tujuan ini sudah dihapus.');
  const endpoints = endpointsOf(ctx);
  const token = pageTokenOf(ctx, account);
  const { db } = ctx.database;
  const signal = ctx.signal;
  const options = (target.options ?? {}) as { shareToFeed?: boolean };

  let containerId = target.remoteId;
  if (!containerId) {
    // The account's budget first (50 in a rolling day in the reference: read, not assumed).
    const limit = await readPublishingLimit(endpoints, account.remoteId, token, signal);
    if (limit.used >= limit.total) {
      throw new TargetStop(`Batas publikasi Instagram "${account.name}" sudah habis (${limit.used} dari ${limit.total} dalam 24 jam). Coba lagi besok.`);
    }
    const file = await prepareFile(ctx, rows, jobDir);
    const container = await createReelContainer(endpoints, { igUserId: account.remoteId, token, caption: post.caption, shareToFeed: options.shareToFeed ?? true, signal });
    await recordTargetRemote(db, target.id, container.containerId, container.uploadUrl, file.converted);
    containerId = container.containerId;
    await uploadReelBytes({ uploadUrl: container.uploadUrl, token, filePath: file.path, fileSize: file.size, offset: 0, signal });
  } else {
    const status = await readContainerStatus(endpoints, containerId, token, signal);
    if (status.statusCode === 'PUBLISHED') return await foundPublished(endpoints, account, token, post.caption, signal);
    if (status.statusCode === 'IN_PROGRESS' && target.uploadUrl) {
      // rupload answers the offset it holds when it is not 0: only the rest goes.
      const file = await prepareFile(ctx, rows, jobDir);
      await uploadReelBytes({ uploadUrl: target.uploadUrl, token, filePath: file.path, fileSize: file.size, offset: 0, signal });
    }
  }

  await updateTarget(db, target.id, { status: 'processing' });
  for (;;) {
    const status = await readContainerStatus(endpoints, containerId, token, signal);
    if (status.error) throw status.error;
    if (status.statusCode === 'PUBLISHED') return await foundPublished(endpoints, account, token, post.caption, signal);
    if (status.statusCode === 'FINISHED') break;
    await delay(META_STATUS_INTERVAL_MS, undefined, { signal });
  }
  const { mediaId } = await publishReel(endpoints, { igUserId: account.remoteId, containerId, token, signal });
  const link = await readMediaPermalink(endpoints, mediaId, token, signal).catch(() => null);
  return { status: 'published', remotePostId: mediaId, link };
};

/** The container reads PUBLISHED but its media id never reached us: the newest reel with our caption. */
async function foundPublished(endpoints: MetaEndpoints, account: PublishAccountRow, token: string, caption: string, signal: AbortSignal) {
  const media = await listRecentMedia(endpoints, account.remoteId, token, { signal });
  const reel = media.find((m) => m.caption === caption);
  return { status: 'published' as const, remotePostId: reel?.mediaId ?? null, link: reel?.permalink ?? null };
}

export const sendFacebook: SendTarget = async ({ ctx, rows, jobDir }) => {
  const { target, post, account } = rows;
  if (!account) throw new TargetStop('Halaman Facebook tujuan ini sudah dihapus.');
  const endpoints = endpointsOf(ctx);
  const token = pageTokenOf(ctx, account);
  const { db } = ctx.database;
  const signal = ctx.signal;

  let videoId = target.remoteId;
  let uploadUrl = target.uploadUrl;
  let from = 0;
  let file = null;
  if (!videoId) {
    file = await prepareFile(ctx, rows, jobDir);
    const started = await startPageReel(endpoints, { pageId: account.remoteId, token, signal });
    await recordTargetRemote(db, target.id, started.videoId, started.uploadUrl, file.converted);
    videoId = started.videoId;
    uploadUrl = started.uploadUrl;
  } else {
    const status = await readPageReelStatus(endpoints, videoId, token, signal);
    if (status.publishStatus === 'published' || status.publishStatus === 'scheduled') {
      return { status: 'published', remotePostId: videoId, link: status.permalinkUrl };
    }
    if (status.uploadStatus !== 'complete') {
      file = await prepareFile(ctx, rows, jobDir);
      from = status.bytesTransferred;
    }
  }
  if (file && uploadUrl) await uploadPageReelBytes({ uploadUrl, token, filePath: file.path, fileSize: file.size, offset: from, signal });

  await updateTarget(db, target.id, { status: 'processing' });
  // A post whose time is still ahead (10 minutes at least, as Meta wants) is scheduled at Meta.
  const scheduled = post.scheduledAt && post.scheduledAt.getTime() > Date.now() + 10 * 60_000 ? post.scheduledAt : null;
  // A repeated finish answers success and counts nothing: safe after a lost answer.
  await finishPageReel(endpoints, {
    pageId: account.remoteId,
    token,
    videoId,
    description: post.caption,
    state: scheduled ? 'SCHEDULED' : 'PUBLISHED',
    ...(scheduled ? { scheduledAt: scheduled } : {}),
    signal,
  });
  for (;;) {
    const status = await readPageReelStatus(endpoints, videoId, token, signal);
    if (status.videoStatus === 'error') throw new TargetStop('Facebook gagal memproses video ini.', JSON.stringify(status));
    if (status.publishStatus === 'published' || status.publishStatus === 'scheduled') {
      return { status: 'published', remotePostId: videoId, link: status.permalinkUrl };
    }
    await delay(META_STATUS_INTERVAL_MS, undefined, { signal });
  }
};
