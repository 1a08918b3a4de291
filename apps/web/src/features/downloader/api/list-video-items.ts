import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { ListItemsQuerySchema, ListItemsResponse } from '@scrapper/contracts/http/media';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';

/** One page of a result file's items, filtered and sorted on the server (no raw records). */
export function listVideoItems(
  query: z.input<typeof ListItemsQuerySchema>,
  signal?: AbortSignal,
): Promise<ListItemsResponse> {
  return call(mediaEndpoints.items, { query, signal });
}
