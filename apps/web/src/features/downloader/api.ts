import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type {
  Batch,
  ListItemsQuerySchema,
  ListItemsResponse,
  ListResultFilesResponseSchema,
  Quality,
} from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';
import type { z } from 'zod';

export function cancelBatch(id: string): Promise<Batch> {
  return call(mediaEndpoints.cancelBatch, { params: { id } });
}

/** The finished files of a batch as one zip (the server streams it). */
export function fetchBatchZip(batchId: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.batchZip, { params: { id: batchId } }, { signal });
}

/** One finished file of a batch, saved as itself (a batch of one needs no zip). */
export function fetchBatchFile(downloadId: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.redownload, { params: { id: downloadId } }, { signal });
}

/** The preview clip of an item (the server waits for a worker to make it). */
export function fetchPreview(
  itemId: string,
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<FetchedFile> {
  return fetchFile(
    mediaEndpoints.preview,
    { params: { id: itemId }, query: { filename: fileName, username } },
    { signal },
  );
}

export function getBatch(id: string, signal?: AbortSignal): Promise<Batch> {
  return call(mediaEndpoints.batch, { params: { id }, signal });
}

export interface ResultFilesQuery {
  /** Admins: one member's files; members always get their own. */
  username: string | undefined;
  /** Part of the file's name or target. */
  search: string | undefined;
  offset: number;
  limit: number;
}

/** One page of the result files the caller may open, newest first. */
export function listResultFiles(
  query: ResultFilesQuery,
  signal?: AbortSignal,
): Promise<z.infer<typeof ListResultFilesResponseSchema>> {
  return call(mediaEndpoints.resultFiles, { query, signal });
}

/** One page of a result file's items, filtered and sorted on the server (no raw records). */
export function listVideoItems(
  query: z.input<typeof ListItemsQuerySchema>,
  signal?: AbortSignal,
): Promise<ListItemsResponse> {
  return call(mediaEndpoints.items, { query, signal });
}

export function startBatch(
  input: { fileName: string; itemIds: string[]; quality: Quality; username: string | undefined },
  signal?: AbortSignal,
): Promise<Batch> {
  return call(mediaEndpoints.startBatch, {
    body: {
      filename: input.fileName,
      itemIds: input.itemIds,
      quality: input.quality,
      username: input.username,
    },
    signal,
  });
}

/** "Unduh dari URL": the server downloads the links like scraped items. */
export function startUrlBatch(
  input: { urls: string[]; quality: Quality },
  signal?: AbortSignal,
): Promise<Batch> {
  return call(mediaEndpoints.startBatch, {
    body: { urls: input.urls, quality: input.quality },
    signal,
  });
}
