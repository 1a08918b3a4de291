import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

/** The items of a result file; `username` names the owner when an admin opens someone else's. */
export async function listFileItems(
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<VideoItem[]> {
  const { items } = await call(mediaEndpoints.items, {
    query: { filename: fileName, username },
    signal,
  });
  return items;
}
