import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody } from '../fake-apify/http-io.ts';
import {
  DAY_MS,
  logId,
  postId as newPostId,
  sendApi,
  sendApiError,
  type FakeTikTokAccount,
  type FakeTikTokPost,
  type FakeTikTokState,
  type Grant,
} from './state.ts';

export interface ApiContext {
  state: FakeTikTokState;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  grant: Grant;
  account: FakeTikTokAccount;
}

const MIB = 1024 * 1024;
/** The fake's own copy of TikTok's chunk rules (not the adapter's: a wrong planner is caught). */
const MIN_CHUNK = 5 * MIB;
const MAX_CHUNK = 64 * MIB;
const MAX_LAST_CHUNK = 128 * MIB;
const MAX_CHUNKS = 1000;
const MAX_VIDEO = 4 * 1024 * MIB;

const PROFILE_FIELDS = new Set(['username', 'bio_description', 'profile_deep_link', 'is_verified']);

/** `GET /v2/user/info/?fields=...`. */
export function userInfo({ state, res, url, grant, account }: ApiContext): void {
  const fields = (url.searchParams.get('fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) {
    sendApiError(res, 'invalid_params', 'fields is required.');
    return;
  }
  if (
    fields.some((field) => PROFILE_FIELDS.has(field)) &&
    !grant.scopes.includes('user.info.profile')
  ) {
    sendApiError(res, 'scope_not_authorized');
    return;
  }
  const all: Record<string, unknown> = {
    open_id: account.openId,
    union_id: `union-${account.openId}`,
    avatar_url: account.avatarUrl,
    display_name: account.displayName,
    username: account.username,
    is_verified: false,
    bio_description: '',
    profile_deep_link: `${state.origin}/@${account.username}`,
  };
  const user = Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));
  sendApi(res, { user });
}

/** `POST /v2/post/publish/creator_info/query/`. */
export async function creatorInfo({ req, res, account }: ApiContext): Promise<void> {
  await readRequestBody(req, 64 * 1024);
  sendApi(res, {
    creator_avatar_url: account.avatarUrl,
    creator_username: account.username,
    creator_nickname: account.displayName,
    privacy_level_options: account.privacyLevelOptions,
    comment_disabled: account.commentDisabled,
    duet_disabled: account.duetDisabled,
    stitch_disabled: account.stitchDisabled,
    max_video_post_duration_sec: account.maxVideoPostDurationSec,
  });
}

/** `POST /v2/post/publish/video/init/` (direct) and `/v2/post/publish/inbox/video/init/`. */
export async function initPost(context: ApiContext, mode: 'direct' | 'inbox'): Promise<void> {
  const { state, req, res, grant, account } = context;
  const body = await jsonBody(req);
  if (!body) {
    sendApiError(res, 'invalid_params', 'The request body must be a JSON object.');
    return;
  }
  const source = isRecord(body.source_info) ? body.source_info : undefined;
  if (source?.source === 'PULL_FROM_URL') {
    sendApiError(res, 'url_ownership_unverified');
    return;
  }
  if (source?.source !== 'FILE_UPLOAD') {
    sendApiError(res, 'invalid_params', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
    return;
  }
  const plan = {
    videoSize: source.video_size,
    chunkSize: source.chunk_size,
    totalChunkCount: source.total_chunk_count,
  };
  const planProblem = chunkPlanProblem(plan);
  if (planProblem) {
    sendApiError(res, 'invalid_params', planProblem);
    return;
  }
  const postInfo =
    mode === 'direct' ? (isRecord(body.post_info) ? body.post_info : undefined) : undefined;
  const now = Date.now();
  const recent = state.posts.filter((post) => now - post.createdAt.getTime() < DAY_MS);
  if (mode === 'direct') {
    const refusal = directPostRefusal(state, postInfo, account, grant, recent);
    if (refusal) {
      sendApiError(res, refusal.code, refusal.message);
      return;
    }
  } else {
    const pending = recent.filter(
      (post) =>
        post.openId === account.openId &&
        post.mode === 'inbox' &&
        post.status !== 'FAILED' &&
        !post.draftHandled,
    );
    if (pending.length >= state.rules.pendingInboxCap) {
      sendApiError(res, 'spam_risk_too_many_pending_share');
      return;
    }
  }
  const publishId = `v_${mode === 'inbox' ? 'inbox' : 'pub'}_file~v2-1.${randomBytes(9).readBigUInt64BE()}`;
  const uploadToken = randomBytes(12).toString('base64url');
  const uploadUrl = `${state.origin}/video/?upload_id=${encodeURIComponent(publishId)}&upload_token=${uploadToken}`;
  const post: FakeTikTokPost = {
    publishId,
    openId: account.openId,
    username: account.username,
    clientKey: grant.clientKey,
    mode,
    postInfo,
    ...(plan as { videoSize: number; chunkSize: number; totalChunkCount: number }),
    uploadUrl,
    receivedBytes: 0,
    chunksReceived: 0,
    sha256: undefined,
    status: 'PROCESSING_UPLOAD',
    failReason: undefined,
    postId: undefined,
    draftHandled: false,
    puts: [],
    createdAt: new Date(now),
    uploadedAt: undefined,
  };
  state.posts.push(post);
  state.media.set(publishId, {
    uploadToken,
    hash: createHash('sha256'),
    chunkHashes: [],
    processingAnswers: 0,
  });
  sendApi(res, { publish_id: publishId, upload_url: uploadUrl });
}

function directPostRefusal(
  state: FakeTikTokState,
  postInfo: Record<string, unknown> | undefined,
  account: FakeTikTokAccount,
  grant: Grant,
  recent: FakeTikTokPost[],
): { code: string; message?: string } | undefined {
  if (!postInfo) return { code: 'invalid_params', message: 'post_info is required.' };
  const privacy = postInfo.privacy_level;
  if (typeof privacy !== 'string' || privacy === '') {
    return { code: 'invalid_params', message: 'post_info.privacy_level is required.' };
  }
  const title = postInfo.title;
  if (title !== undefined && (typeof title !== 'string' || [...title].length > 2200)) {
    return {
      code: 'invalid_params',
      message: 'post_info.title must be a string of at most 2200 characters.',
    };
  }
  for (const flag of [
    'disable_comment',
    'disable_duet',
    'disable_stitch',
    'brand_content_toggle',
    'brand_organic_toggle',
  ]) {
    if (postInfo[flag] !== undefined && typeof postInfo[flag] !== 'boolean') {
      return { code: 'invalid_params', message: `post_info.${flag} must be a boolean.` };
    }
  }
  if (!account.privacyLevelOptions.includes(privacy))
    return { code: 'privacy_level_option_mismatch' };
  if (postInfo.brand_content_toggle === true && privacy === 'SELF_ONLY') {
    return {
      code: 'invalid_params',
      message: 'Branded content cannot be posted with SELF_ONLY visibility.',
    };
  }
  if (state.rules.unaudited) {
    if (privacy !== 'SELF_ONLY' || !account.isPrivate) {
      return { code: 'unaudited_client_can_only_post_to_private_accounts' };
    }
    const users = new Set(
      recent
        .filter((p) => p.mode === 'direct' && p.clientKey === grant.clientKey)
        .map((p) => p.openId),
    );
    if (!users.has(account.openId) && users.size >= state.rules.activeUserCap) {
      return { code: 'reached_active_user_cap' };
    }
  }
  const posted = recent.filter((p) => p.mode === 'direct' && p.openId === account.openId);
  if (posted.length >= state.rules.dailyDirectPostCap) return { code: 'spam_risk_too_many_posts' };
  return undefined;
}

/** TikTok's FILE_UPLOAD rules; the problem in its words, or undefined. */
export function chunkPlanProblem(plan: Record<string, unknown>): string | undefined {
  const { videoSize, chunkSize, totalChunkCount } = plan;
  if (
    ![videoSize, chunkSize, totalChunkCount].every(
      (n) => Number.isSafeInteger(n) && (n as number) > 0,
    )
  ) {
    return 'video_size, chunk_size and total_chunk_count must be positive integers.';
  }
  const size = videoSize as number;
  const chunk = chunkSize as number;
  const count = totalChunkCount as number;
  if (size > MAX_VIDEO) return 'video_size must be at most 4 GB.';
  if (size < MIN_CHUNK) {
    return chunk === size && count === 1
      ? undefined
      : 'A video under 5 MB must be uploaded whole: chunk_size = video_size, total_chunk_count = 1.';
  }
  if (chunk < MIN_CHUNK || chunk > MAX_CHUNK) return 'chunk_size must be between 5 MB and 64 MB.';
  if (chunk > size) return 'chunk_size must not exceed video_size.';
  if (count !== Math.floor(size / chunk))
    return 'total_chunk_count must be floor(video_size / chunk_size).';
  if (count > MAX_CHUNKS) return 'total_chunk_count must be at most 1000.';
  if (size - (count - 1) * chunk > MAX_LAST_CHUNK) return 'The last chunk must be at most 128 MB.';
  return undefined;
}

/** `POST /v2/post/publish/status/fetch/` `{ publish_id }`. */
export async function statusFetch({ state, req, res, account }: ApiContext): Promise<void> {
  const body = await jsonBody(req);
  const publishId = body?.publish_id;
  const post = state.posts.find((p) => p.publishId === publishId && p.openId === account.openId);
  if (!post) {
    sendApiError(res, 'invalid_params', 'publish_id is missing or does not exist.');
    return;
  }
  advance(state, post);
  const ids =
    post.status === 'PUBLISH_COMPLETE' && post.postInfo?.privacy_level === 'PUBLIC_TO_EVERYONE'
      ? [post.postId]
      : [];
  // The post ids are int64 numbers on the wire, as TikTok sends them (beyond JS's exact range).
  const data = {
    status: post.status,
    ...(post.failReason ? { fail_reason: post.failReason } : {}),
    publicaly_available_post_id: '__IDS__',
    uploaded_bytes: post.receivedBytes,
    downloaded_bytes: post.status === 'PROCESSING_UPLOAD' ? 0 : post.videoSize,
  };
  const text = JSON.stringify({
    data,
    error: { code: 'ok', message: '', log_id: logId() },
  }).replace('"__IDS__"', `[${ids.join(',')}]`);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** Moves a fully uploaded post on: PROCESSING_DOWNLOAD, then its final status. */
export function advance(state: FakeTikTokState, post: FakeTikTokPost): void {
  if (post.status !== 'PROCESSING_DOWNLOAD' || !post.uploadedAt) return;
  const media = state.media.get(post.publishId);
  const { processingDelayMs, processingStatusCalls } = state.rules;
  let done: boolean;
  if (processingDelayMs !== undefined) {
    done = Date.now() - post.uploadedAt.getTime() >= processingDelayMs;
  } else {
    const answers = (media?.processingAnswers ?? 0) + 1;
    if (media) media.processingAnswers = answers;
    done = answers > processingStatusCalls;
  }
  if (done) finish(state, post);
}

export function finish(state: FakeTikTokState, post: FakeTikTokPost): void {
  const failure = state.pendingFailures.get(post.publishId);
  if (failure !== undefined) {
    state.pendingFailures.delete(post.publishId);
    post.status = 'FAILED';
    post.failReason = failure;
    return;
  }
  if (post.mode === 'inbox') {
    post.status = 'SEND_TO_USER_INBOX';
    return;
  }
  post.status = 'PUBLISH_COMPLETE';
  post.postId = newPostId();
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const body = await readRequestBody(req, 256 * 1024).catch(() => undefined);
  const value = body?.value;
  return isRecord(value) ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
