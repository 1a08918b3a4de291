// Facebook Page Reels (`/{page-id}/video_reels`): start (video id + rupload address), the
// bytes, finish as PUBLISHED, DRAFT or SCHEDULED, and the status phases read back.
import { PublishError } from '../publish-error.ts';
import { graphRequest, type MetaEndpoints } from './http.ts';
import {
  facebookUploadUrl,
  sendRupload,
  type RuploadOptions,
  type RuploadResult,
} from './rupload.ts';

export async function startPageReel(
  endpoints: MetaEndpoints,
  input: { pageId: string; token: string; signal?: AbortSignal },
): Promise<{ videoId: string; uploadUrl: string }> {
  const answer = await graphRequest<{ video_id: string; upload_url?: string }>(
    endpoints,
    'facebook',
    {
      method: 'POST',
      path: `${input.pageId}/video_reels`,
      token: input.token,
      params: { upload_phase: 'start' },
      signal: input.signal,
    },
  );
  return {
    videoId: answer.video_id,
    uploadUrl: answer.upload_url ?? facebookUploadUrl(endpoints, answer.video_id),
  };
}

export async function uploadPageReelBytes(
  options: Omit<RuploadOptions, 'platform'>,
): Promise<RuploadResult> {
  return await sendRupload({ ...options, platform: 'facebook' });
}

export type PageReelState = 'PUBLISHED' | 'DRAFT' | 'SCHEDULED';

export async function finishPageReel(
  endpoints: MetaEndpoints,
  input: {
    pageId: string;
    token: string;
    videoId: string;
    description: string;
    state: PageReelState;
    /** Required for SCHEDULED: 10 minutes to 30 days ahead. */
    scheduledAt?: Date;
    signal?: AbortSignal;
  },
): Promise<void> {
  if (input.state === 'SCHEDULED' && !input.scheduledAt) {
    throw new PublishError('facebook', 'SCHEDULED without scheduledAt', {
      userMessage: 'Reels Facebook yang dijadwalkan memerlukan waktu tayang.',
    });
  }
  await graphRequest<{ success?: boolean }>(endpoints, 'facebook', {
    method: 'POST',
    path: `${input.pageId}/video_reels`,
    token: input.token,
    params: {
      upload_phase: 'finish',
      video_id: input.videoId,
      video_state: input.state,
      description: input.description,
      scheduled_publish_time:
        input.state === 'SCHEDULED' && input.scheduledAt
          ? Math.floor(input.scheduledAt.getTime() / 1000)
          : undefined,
    },
    signal: input.signal,
  });
}

export interface PageReelStatus {
  /** `upload_in_progress`, `processing`, `ready`, `error`... as Meta says. */
  videoStatus: string;
  uploadStatus: string;
  /** What rupload holds: the offset to resume from. */
  bytesTransferred: number;
  processingStatus: string;
  publishingStatus: string;
  /** `published`, `scheduled`, `draft`, `not_published`. */
  publishStatus: string;
  permalinkUrl: string | null;
}

interface StatusAnswer {
  status?: {
    video_status?: string;
    uploading_phase?: { status?: string; bytes_transferred?: number };
    processing_phase?: { status?: string };
    publishing_phase?: { status?: string; publish_status?: string };
  };
  permalink_url?: string;
}

export async function readPageReelStatus(
  endpoints: MetaEndpoints,
  videoId: string,
  token: string,
  signal?: AbortSignal,
): Promise<PageReelStatus> {
  const answer = await graphRequest<StatusAnswer>(endpoints, 'facebook', {
    method: 'GET',
    path: videoId,
    token,
    params: { fields: 'status,permalink_url' },
    signal,
  });
  const status = answer.status ?? {};
  const permalink = answer.permalink_url ?? null;
  return {
    videoStatus: status.video_status ?? 'unknown',
    uploadStatus: status.uploading_phase?.status ?? 'unknown',
    bytesTransferred: Number(status.uploading_phase?.bytes_transferred ?? 0),
    processingStatus: status.processing_phase?.status ?? 'unknown',
    publishingStatus: status.publishing_phase?.status ?? 'unknown',
    publishStatus: status.publishing_phase?.publish_status ?? 'unknown',
    permalinkUrl:
      permalink && permalink.startsWith('/') ? `https://www.facebook.com${permalink}` : permalink,
  };
}
