// Instagram Reels through the Content Publishing API: a REELS container (resumable upload or
// video_url), its status_code read back (processing advances one step per read), media_publish
// only once FINISHED, the rolling 24-hour content_publishing_limit, and the media's permalink.
import { createHash, randomBytes } from 'node:crypto';
import { sendJson } from '../fake-apify/http-io.ts';
import { fieldsOf, invalidParameter, lacksPermission, sendGraphError } from './graph-io.ts';
import { mayActFor, ownerOfInstagram, sendUnknownObject, type GraphContext } from './pages-api.ts';
import {
  INSTAGRAM_DAILY_LIMIT,
  newPost,
  numericId,
  usageOf,
  type FakeMetaPost,
  type FakeMetaState,
} from './state.ts';

const PUBLISH_SCOPES = ['instagram_basic', 'instagram_content_publish'];

/** True when the token may publish for this Instagram account; else the refusal is sent. */
function mayPublish(ctx: GraphContext, igUserId: string): boolean {
  const owner = ownerOfInstagram(ctx.state, igUserId);
  if (!owner || !mayActFor(ctx.grant, owner)) {
    sendUnknownObject(ctx.res, igUserId);
    return false;
  }
  return !lacksPermission(ctx.res, ctx.grant, PUBLISH_SCOPES, 10);
}

export function handleCreateContainer(ctx: GraphContext, igUserId: string): void {
  const { state, res, params } = ctx;
  if (!mayPublish(ctx, igUserId)) return;
  const mediaType = params.get('media_type');
  if (mediaType !== 'REELS') {
    invalidParameter(
      res,
      `The fake Meta only makes REELS containers (media_type=${mediaType ?? ''})`,
    );
    return;
  }
  const resumable = params.get('upload_type') === 'resumable';
  const videoUrl = params.get('video_url');
  if (!resumable && !videoUrl) {
    invalidParameter(res, 'The parameter video_url is required');
    return;
  }
  const caption = params.get('caption') ?? '';
  if (caption.length > 2200) {
    invalidParameter(res, 'The caption is longer than 2,200 characters');
    return;
  }
  const shareToFeed = params.get('share_to_feed');
  const post = newPost('instagram', igUserId, {
    caption,
    shareToFeed: shareToFeed === null ? undefined : shareToFeed === 'true',
    source: resumable ? 'upload' : 'video_url',
  });
  state.posts.push(post);
  if (resumable) {
    sendJson(res, 200, {
      id: post.remoteId,
      uri: `${ctx.uploadBaseUrl}/ig-api-upload/${state.version}/${post.remoteId}`,
    });
    return;
  }
  void fetchVideoUrl(state, post, videoUrl ?? '');
  sendJson(res, 200, { id: post.remoteId });
}

/** Meta downloads a video_url itself; the fake does too, into the post's hash. */
async function fetchVideoUrl(state: FakeMetaState, post: FakeMetaPost, url: string): Promise<void> {
  try {
    const response = await fetch(url, { signal: state.lifetime });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const hash = createHash('sha256');
    for await (const chunk of response.body) {
      hash.update(chunk);
      post.bytes += chunk.byteLength;
    }
    post.size = post.bytes;
    post.sha256 = hash.digest('hex');
    bytesComplete(state, post);
  } catch {
    post.state = 'error';
    post.errorSubcode = 2207052;
  }
}

/** Every byte is in: processing begins (and the next scripted outcome is this container's). */
export function bytesComplete(state: FakeMetaState, post: FakeMetaPost): void {
  post.state = 'processing';
  post.processingReadsLeft = state.processingReads;
  if (post.platform === 'instagram')
    post.errorSubcode = state.containerOutcomes.shift()?.errorSubcode;
}

/** `GET /{container-id}?fields=status_code,status`. */
export function handleContainerStatus(ctx: GraphContext, post: FakeMetaPost): void {
  const { state, res, grant } = ctx;
  const owner = ownerOfInstagram(state, post.target);
  if (!owner || !mayActFor(grant, owner)) {
    sendUnknownObject(res, post.remoteId);
    return;
  }
  if (post.state === 'processing') {
    if (post.processingReadsLeft > 0) post.processingReadsLeft -= 1;
    else post.state = post.errorSubcode === undefined ? 'finished' : 'error';
  }
  const [statusCode, status] = containerStatusOf(post);
  const fields = fieldsOf(ctx.params.get('fields') ?? 'id');
  const json: Record<string, unknown> = { id: post.remoteId };
  if (fields.has('status_code')) json.status_code = statusCode;
  if (fields.has('status')) json.status = status;
  sendJson(res, 200, json);
}

function containerStatusOf(post: FakeMetaPost): [string, string] {
  switch (post.state) {
    case 'finished':
      return ['FINISHED', 'Finished: Media has been uploaded and it is complete.'];
    case 'published':
      return ['PUBLISHED', 'Published: Media has been successfully published.'];
    case 'expired':
      return ['EXPIRED', 'Expired: Media was not published within 24 hours.'];
    case 'error':
      return [
        'ERROR',
        `Error: Media upload has failed with error code ${post.errorSubcode ?? 2207001}`,
      ];
    default:
      return ['IN_PROGRESS', 'In Progress: Media is still being processed.'];
  }
}

/** `POST /{ig-user-id}/media_publish?creation_id=`. */
export function handlePublish(ctx: GraphContext, igUserId: string): void {
  const { state, res, params } = ctx;
  if (!mayPublish(ctx, igUserId)) return;
  const creationId = params.get('creation_id') ?? '';
  const post = state.posts.find(
    (p) => p.platform === 'instagram' && p.remoteId === creationId && p.target === igUserId,
  );
  if (!post) {
    invalidParameter(res, `Param creation_id must be a valid media container id (${creationId})`);
    return;
  }
  if (post.state === 'expired') {
    sendGraphError(res, {
      message: 'The media you are trying to access has expired. Please try to upload again.',
      code: -2,
      subcode: 2207020,
      userTitle: 'Media expired',
      userMessage: 'The media you are trying to access has expired. Please try to upload again.',
    });
    return;
  }
  if (post.state === 'published') {
    invalidParameter(res, 'This media container has already been published');
    return;
  }
  if (post.state !== 'finished') {
    sendGraphError(res, {
      message: 'Media ID is not available',
      code: 9007,
      subcode: 2207027,
      userTitle: 'Media not ready for publishing',
      userMessage: 'The media is not ready for publishing, please wait for a moment',
    });
    return;
  }
  if (usageOf(state, igUserId) >= (state.limits.get(igUserId) ?? INSTAGRAM_DAILY_LIMIT)) {
    sendGraphError(res, {
      message: 'Application request limit reached',
      code: 9,
      subcode: 2207042,
      userTitle: 'Limit reached',
      userMessage:
        'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
    });
    return;
  }
  post.state = 'published';
  post.publishedAt = new Date();
  post.mediaId = numericId(17);
  post.permalink = `https://www.instagram.com/reel/${randomBytes(8).toString('base64url')}/`;
  sendJson(res, 200, { id: post.mediaId });
}

/** `GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config`. */
export function handlePublishingLimit(ctx: GraphContext, igUserId: string): void {
  const { state, res, params } = ctx;
  if (!mayPublish(ctx, igUserId)) return;
  const fields = fieldsOf(params.get('fields') ?? 'quota_usage');
  const entry: Record<string, unknown> = {};
  if (fields.has('quota_usage')) entry.quota_usage = usageOf(state, igUserId);
  if (fields.has('config')) {
    entry.config = {
      quota_total: state.limits.get(igUserId) ?? INSTAGRAM_DAILY_LIMIT,
      quota_duration: 86_400,
    };
  }
  sendJson(res, 200, { data: [entry] });
}

/** `GET /{ig-media-id}?fields=permalink` (also id, caption, media_type, media_product_type). */
export function handleMedia(ctx: GraphContext, post: FakeMetaPost): void {
  const { state, res, grant, params } = ctx;
  const owner = ownerOfInstagram(state, post.target);
  if (!owner || !mayActFor(grant, owner)) {
    sendUnknownObject(res, post.mediaId ?? '');
    return;
  }
  sendJson(res, 200, mediaJson(post, fieldsOf(params.get('fields') ?? 'id')));
}

function mediaJson(post: FakeMetaPost, fields: Map<string, string[]>): Record<string, unknown> {
  const json: Record<string, unknown> = { id: post.mediaId };
  if (fields.has('permalink')) json.permalink = post.permalink;
  if (fields.has('caption')) json.caption = post.caption;
  if (fields.has('media_type')) json.media_type = 'VIDEO';
  if (fields.has('media_product_type')) json.media_product_type = 'REELS';
  if (fields.has('timestamp')) json.timestamp = post.publishedAt?.toISOString();
  return json;
}

/** `GET /{ig-user-id}/media?fields=id,caption,permalink,timestamp&limit=`: newest first. */
export function handleMediaList(ctx: GraphContext, igUserId: string): void {
  const { state, res, params } = ctx;
  const owner = ownerOfInstagram(state, igUserId);
  if (!owner || !mayActFor(ctx.grant, owner)) {
    sendUnknownObject(res, igUserId);
    return;
  }
  if (lacksPermission(res, ctx.grant, ['instagram_basic'], 10)) return;
  const limit = Math.min(Math.max(Number(params.get('limit') ?? 25) || 25, 1), 100);
  const published = state.posts
    .filter((post) => post.platform === 'instagram' && post.target === igUserId && post.mediaId)
    .reverse()
    .slice(0, limit);
  const fields = fieldsOf(params.get('fields') ?? 'id');
  sendJson(res, 200, { data: published.map((post) => mediaJson(post, fields)), paging: {} });
}
