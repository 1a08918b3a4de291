// Facebook Page Reels (`/{page-id}/video_reels`): start answers the rupload URL, finish asks for
// PUBLISHED, DRAFT or SCHEDULED (with a future scheduled_publish_time), at most 30 reels a
// Page in a rolling 24 hours (counted at finish), and the video's status phases read back.
import { sendJson } from '../fake-apify/http-io.ts';
import { fieldsOf, invalidParameter, lacksPermission, sendGraphError } from './graph-io.ts';
import { mayActFor, ownerOfPage, sendUnknownObject, type GraphContext } from './pages-api.ts';
import { FACEBOOK_REELS_DAILY_LIMIT, newPost, usageOf, type FakeMetaPost } from './state.ts';

const PAGE_SCOPES = ['pages_manage_posts', 'pages_read_engagement'];
const VIDEO_STATES = new Set(['PUBLISHED', 'DRAFT', 'SCHEDULED']);
/** Scheduled posts: at least 10 minutes and at most 30 days ahead. */
const MIN_SCHEDULE_SECS = 10 * 60;
const MAX_SCHEDULE_SECS = 30 * 86_400;

/** `POST /{page-id}/video_reels` with upload_phase start or finish. */
export function handleVideoReels(ctx: GraphContext, pageId: string): void {
  const { state, res, grant, params } = ctx;
  const owner = ownerOfPage(state, pageId);
  if (!owner || !mayActFor(grant, owner)) {
    sendUnknownObject(res, pageId);
    return;
  }
  if (grant.kind !== 'page') {
    sendGraphError(res, {
      message: '(#200) Publishing to a Page requires a Page access token',
      code: 200,
    });
    return;
  }
  if (lacksPermission(res, grant, PAGE_SCOPES, 200)) return;
  const phase = params.get('upload_phase');
  if (phase === 'start') {
    start(ctx, pageId);
    return;
  }
  if (phase === 'finish') {
    finish(ctx, pageId);
    return;
  }
  invalidParameter(res, 'upload_phase must be one of {start, finish}');
}

function start(ctx: GraphContext, pageId: string): void {
  const post = newPost('facebook', pageId);
  ctx.state.posts.push(post);
  sendJson(ctx.res, 200, {
    video_id: post.remoteId,
    upload_url: `${ctx.uploadBaseUrl}/video-upload/${ctx.state.version}/${post.remoteId}`,
  });
}

function finish(ctx: GraphContext, pageId: string): void {
  const { state, res, params } = ctx;
  const videoId = params.get('video_id') ?? '';
  const post = state.posts.find(
    (p) => p.platform === 'facebook' && p.remoteId === videoId && p.target === pageId,
  );
  if (!post) {
    invalidParameter(res, `Invalid video_id (${videoId})`);
    return;
  }
  const videoState = params.get('video_state') ?? '';
  if (!VIDEO_STATES.has(videoState)) {
    invalidParameter(res, 'video_state must be one of {PUBLISHED, DRAFT, SCHEDULED}');
    return;
  }
  // Finishing again (a retry that lost the first answer) changes nothing and counts nothing.
  if (post.videoState !== undefined) {
    sendJson(res, 200, { success: true });
    return;
  }
  if (post.size === undefined || post.bytes < post.size) {
    sendGraphError(res, {
      message: 'There was a problem uploading your video file. Please try again.',
      type: 'OAuthException',
      code: 6000,
      userTitle: 'Upload not complete',
      userMessage: `The video has ${post.bytes} of ${post.size ?? 0} bytes.`,
    });
    return;
  }
  let scheduled: number | undefined;
  if (videoState === 'SCHEDULED') {
    scheduled = Number(params.get('scheduled_publish_time'));
    const ahead = scheduled - Date.now() / 1000;
    if (!Number.isFinite(scheduled) || ahead < MIN_SCHEDULE_SECS || ahead > MAX_SCHEDULE_SECS) {
      invalidParameter(
        res,
        'The specified scheduled publish time is invalid. It must be between 10 minutes and 30 days from now.',
      );
      return;
    }
  }
  const counts = videoState !== 'DRAFT';
  if (
    counts &&
    usageOf(state, pageId) >= (state.limits.get(pageId) ?? FACEBOOK_REELS_DAILY_LIMIT)
  ) {
    sendGraphError(res, {
      message: `(#9) This Page has reached the limit of ${state.limits.get(pageId) ?? FACEBOOK_REELS_DAILY_LIMIT} reels published through the API in 24 hours.`,
      code: 9,
      userTitle: 'Limit reached',
    });
    return;
  }
  post.caption = params.get('description') ?? '';
  post.videoState = videoState;
  post.scheduledPublishTime = scheduled;
  if (counts) post.publishedAt = new Date();
  post.permalink = `https://www.facebook.com/reel/${post.remoteId}`;
  settle(post);
  sendJson(res, 200, { success: true });
}

/** Once processing is over, the reel takes the state finish asked for. */
function settle(post: FakeMetaPost): void {
  if (post.state !== 'finished' || post.videoState === undefined) return;
  post.state =
    post.videoState === 'PUBLISHED'
      ? 'published'
      : post.videoState === 'SCHEDULED'
        ? 'scheduled'
        : 'draft';
}

/** `GET /{video-id}?fields=status,permalink_url`. */
export function handleVideoStatus(ctx: GraphContext, post: FakeMetaPost): void {
  const { state, res, grant, params } = ctx;
  const owner = ownerOfPage(state, post.target);
  if (!owner || !mayActFor(grant, owner)) {
    sendUnknownObject(res, post.remoteId);
    return;
  }
  if (post.state === 'processing') {
    if (post.processingReadsLeft > 0) post.processingReadsLeft -= 1;
    else post.state = 'finished';
  }
  settle(post);
  const fields = fieldsOf(params.get('fields') ?? 'id');
  const json: Record<string, unknown> = { id: post.remoteId };
  if (fields.has('status')) json.status = statusOf(post);
  if (fields.has('permalink_url') && post.permalink) json.permalink_url = post.permalink;
  if (fields.has('description')) json.description = post.caption;
  sendJson(res, 200, json);
}

function statusOf(post: FakeMetaPost): Record<string, unknown> {
  const uploaded = post.size !== undefined && post.bytes >= post.size;
  const processed = !['uploading', 'processing'].includes(post.state);
  const publishStatus: Record<string, string> = {
    published: 'published',
    scheduled: 'scheduled',
    draft: 'draft',
  };
  return {
    video_status: !uploaded ? 'upload_in_progress' : processed ? 'ready' : 'processing',
    uploading_phase: {
      status: uploaded ? 'complete' : post.bytes > 0 ? 'in_progress' : 'not_started',
      bytes_transferred: post.bytes,
    },
    processing_phase: {
      status: !uploaded ? 'not_started' : processed ? 'complete' : 'in_progress',
    },
    publishing_phase: {
      status: publishStatus[post.state]
        ? 'complete'
        : post.videoState
          ? 'in_progress'
          : 'not_started',
      publish_status: publishStatus[post.state] ?? 'not_published',
      ...(post.scheduledPublishTime === undefined
        ? {}
        : { publish_time: new Date(post.scheduledPublishTime * 1000).toISOString() }),
    },
  };
}
