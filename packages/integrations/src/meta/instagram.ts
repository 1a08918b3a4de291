// Instagram Reels through the Content Publishing API: a REELS container with a resumable
// upload, the bytes to rupload, status_code read until FINISHED, media_publish, the account's
// content_publishing_limit and the published reel's permalink.
import { containerError } from './errors.ts';
import { graphRequest, type MetaEndpoints } from './http.ts';
import {
  instagramUploadUrl,
  sendRupload,
  type RuploadOptions,
  type RuploadResult,
} from './rupload.ts';
import type { PublishError } from '../publish-error.ts';

export interface ReelContainer {
  containerId: string;
  /** Where the bytes go (Meta's `uri`). */
  uploadUrl: string;
}

export async function createReelContainer(
  endpoints: MetaEndpoints,
  input: {
    igUserId: string;
    token: string;
    caption: string;
    shareToFeed?: boolean;
    signal?: AbortSignal;
  },
): Promise<ReelContainer> {
  const answer = await graphRequest<{ id: string; uri?: string }>(endpoints, 'instagram', {
    method: 'POST',
    path: `${input.igUserId}/media`,
    token: input.token,
    params: {
      media_type: 'REELS',
      upload_type: 'resumable',
      caption: input.caption,
      share_to_feed: input.shareToFeed,
    },
    signal: input.signal,
  });
  return {
    containerId: answer.id,
    uploadUrl: answer.uri ?? instagramUploadUrl(endpoints, answer.id),
  };
}

/** Sends the file (from `offset`, resuming where Meta says it holds otherwise). */
export async function uploadReelBytes(
  options: Omit<RuploadOptions, 'platform'>,
): Promise<RuploadResult> {
  return await sendRupload({ ...options, platform: 'instagram' });
}

export type ContainerStatusCode = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface ContainerStatus {
  statusCode: ContainerStatusCode;
  /** Meta's sentence (`Error: Media upload has failed with error code 2207082`). */
  status: string;
  /** The 2207xxx subcode named in `status` for ERROR. */
  errorSubcode: number | null;
  /** For ERROR and EXPIRED: what to tell the member. */
  error: PublishError | null;
}

export async function readContainerStatus(
  endpoints: MetaEndpoints,
  containerId: string,
  token: string,
  signal?: AbortSignal,
): Promise<ContainerStatus> {
  const answer = await graphRequest<{ status_code?: string; status?: string }>(
    endpoints,
    'instagram',
    {
      method: 'GET',
      path: containerId,
      token,
      params: { fields: 'status_code,status' },
      signal,
    },
  );
  const known: readonly string[] = ['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED'];
  const statusCode = (
    known.includes(answer.status_code ?? '') ? answer.status_code : 'IN_PROGRESS'
  ) as ContainerStatusCode;
  const status = answer.status ?? '';
  const match = /\b(2207\d{3})\b/.exec(status);
  const errorSubcode = match?.[1] ? Number(match[1]) : null;
  const error =
    statusCode === 'ERROR' || statusCode === 'EXPIRED'
      ? containerError(statusCode, status, errorSubcode)
      : null;
  return { statusCode, status, errorSubcode, error };
}

/** media_publish: only after FINISHED (earlier: a retryable 9007 / 2207027 PublishError). */
export async function publishReel(
  endpoints: MetaEndpoints,
  input: { igUserId: string; containerId: string; token: string; signal?: AbortSignal },
): Promise<{ mediaId: string }> {
  const answer = await graphRequest<{ id: string }>(endpoints, 'instagram', {
    method: 'POST',
    path: `${input.igUserId}/media_publish`,
    token: input.token,
    params: { creation_id: input.containerId },
    signal: input.signal,
  });
  return { mediaId: answer.id };
}

export interface PublishingLimit {
  /** Posts published through the API in the last `windowSecs`. */
  used: number;
  total: number;
  windowSecs: number;
}

export async function readPublishingLimit(
  endpoints: MetaEndpoints,
  igUserId: string,
  token: string,
  signal?: AbortSignal,
): Promise<PublishingLimit> {
  const answer = await graphRequest<{
    data?: { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }[];
  }>(endpoints, 'instagram', {
    method: 'GET',
    path: `${igUserId}/content_publishing_limit`,
    token,
    params: { fields: 'quota_usage,config' },
    signal,
  });
  const entry = answer.data?.[0];
  return {
    used: entry?.quota_usage ?? 0,
    total: entry?.config?.quota_total ?? 50,
    windowSecs: entry?.config?.quota_duration ?? 86_400,
  };
}

export async function readMediaPermalink(
  endpoints: MetaEndpoints,
  mediaId: string,
  token: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const answer = await graphRequest<{ permalink?: string }>(endpoints, 'instagram', {
    method: 'GET',
    path: mediaId,
    token,
    params: { fields: 'permalink' },
    signal,
  });
  return answer.permalink ?? null;
}

export interface PublishedReel {
  mediaId: string;
  caption: string;
  permalink: string | null;
  publishedAt: Date | null;
}

/**
 * The account's newest media, for finding a reel whose media_publish answer was lost (its
 * container then reads PUBLISHED but we never heard the media id).
 */
export async function listRecentMedia(
  endpoints: MetaEndpoints,
  igUserId: string,
  token: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<PublishedReel[]> {
  const answer = await graphRequest<{
    data?: { id: string; caption?: string; permalink?: string; timestamp?: string }[];
  }>(endpoints, 'instagram', {
    method: 'GET',
    path: `${igUserId}/media`,
    token,
    params: { fields: 'id,caption,permalink,timestamp', limit: options.limit ?? 25 },
    signal: options.signal,
  });
  return (answer.data ?? []).map((media) => ({
    mediaId: media.id,
    caption: media.caption ?? '',
    permalink: media.permalink ?? null,
    publishedAt: media.timestamp ? new Date(media.timestamp) : null,
  }));
}
