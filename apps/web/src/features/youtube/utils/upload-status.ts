import type { Upload, UploadStatus } from '@scrapper/contracts/http/youtube-uploads';
import { jakartaDate, jakartaTime } from '@scrapper/contracts/rules/jakarta-time';
import { formatDateTime } from '@/lib/format-date-time.ts';

// The 'scheduled videos and history' list (spec part 2, sections 2 and 4). The spec shows
// only 'uploaded' (in green); the other states are shown too, neutrally, so a member can see
// what is waiting, running or failed.

/** The list is read again this often while something is scheduled or processing. */
export const HISTORY_POLL_MS = 5000;

export const PUBLISH_TYPE_LABELS: Record<Upload['publishType'], string> = {
  now: 'Sekarang',
  schedule: 'Terjadwal',
};

/** The form's words for YouTube's privacy values. */
export const PRIVACY_LABELS: Record<NonNullable<Upload['youtubePrivacyStatus']>, string> = {
  public: 'Publik',
  private: 'Pribadi',
  unlisted: 'Tidak publik',
};

export function isPending(status: UploadStatus): boolean {
  return status === 'scheduled' || status === 'processing';
}

export function shouldPollUploads(uploads: readonly Pick<Upload, 'status'>[]): boolean {
  return uploads.some((upload) => isPending(upload.status));
}

/**
 * Changes whenever an upload's state or YouTube id changes: the moments the quota left today
 * may have changed (an upload went out, or started waiting for the reset).
 */
export function quotaRefreshKey(
  uploads: readonly Pick<Upload, 'id' | 'status' | 'youtubeVideoId'>[],
): string {
  return uploads
    .map((upload) => `${upload.id}:${upload.status}:${upload.youtubeVideoId ? 1 : 0}`)
    .join(',');
}

/**
 * Whether the member can still move or cancel the schedule (the server's rule): a scheduled
 * upload still waiting here, or already on YouTube with its publish time ahead.
 */
export function canChangeSchedule(
  upload: Pick<Upload, 'publishType' | 'status' | 'youtubeVideoId' | 'publishAt'>,
  now: Date,
): boolean {
  if (upload.publishType !== 'schedule') return false;
  if (upload.status === 'scheduled') return upload.youtubeVideoId === null;
  if (upload.status !== 'uploaded' || !upload.youtubeVideoId || !upload.publishAt) return false;
  return Date.parse(upload.publishAt) > now.getTime();
}

/** An instant as the form's WIB date (yyyy-MM-dd) and time (HH:mm), to start editing from. */
export function toWibFields(iso: string | null): { scheduleDate: string; scheduleTime: string } {
  if (!iso) return { scheduleDate: '', scheduleTime: '' };
  const at = new Date(iso);
  return { scheduleDate: jakartaDate(at), scheduleTime: jakartaTime(at) };
}

export function youtubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** An instant in Jakarta time, named as such: '5 Jan 2025, 14.30 WIB'. */
export function formatWib(iso: string | null): string {
  if (!iso) return '';
  return formatDateTime(iso);
}
