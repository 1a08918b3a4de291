import { endpoints } from '@scrapper/contracts/http';
import type { VideoListItem } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

/** How many of a result file's items the last-result card shows. */
export const RESULT_PREVIEW_COUNT = 5;

export interface ResultPreview {
  /** The file's first video items, in its order. */
  items: VideoListItem[];
  /** All its video items. */
  total: number;
}

/**
 * The first items of a result file, mapped by the server, and how many it holds: one small
 * page of the downloader's items list, never the file itself (a file may hold 200,000 items,
 * and holds them raw, as Apify returned them).
 */
export async function getResultPreview(fileName: string, signal?: AbortSignal): Promise<ResultPreview> {
  const page = await call(endpoints.media.items, {
    query: { filename: fileName, limit: RESULT_PREVIEW_COUNT },
    signal,
  });
  return { items: page.items, total: page.counts.all };
}
