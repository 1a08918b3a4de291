// A media download's states. A final one is never left again: the row is no longer polled, its
// batch may be done, and an automation waiting for it goes on.

export const DOWNLOAD_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

export const FINAL_DOWNLOAD_STATUSES: readonly DownloadStatus[] = ['completed', 'failed', 'cancelled'];

export function isFinalDownloadStatus(status: string): boolean {
  return FINAL_DOWNLOAD_STATUSES.some((final) => final === status);
}
