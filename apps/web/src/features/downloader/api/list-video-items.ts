import { ListItemsResponseSchema, mediaEndpoints } from '@scrapper/contracts/http/media';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { z } from 'zod';
import { call } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { isVideoItem } from '../utils/video-item-guard.ts';

/**
 * The items endpoint with its envelope checked by the contract and its items (up to tens of
 * thousands) by isVideoItem, the same rule at a fraction of the cost (see the guard).
 */
const itemsEndpoint = {
  ...mediaEndpoints.items,
  response: ListItemsResponseSchema.extend({ items: z.array(z.unknown()) }),
};

export async function listVideoItems(
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<VideoItem[]> {
  const { items } = await call(itemsEndpoint, { query: { filename: fileName, username }, signal });
  if (!items.every(isVideoItem)) {
    throw new ApiError({
      kind: 'invalid-response',
      status: 200,
      message: 'Respons server tidak dikenali.',
    });
  }
  return items;
}
