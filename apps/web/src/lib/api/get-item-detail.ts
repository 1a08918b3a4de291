import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

/** One item of a result file with its full raw record (the detail modal). */
export function getItemDetail(
  itemId: string,
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<VideoItem> {
  return call(mediaEndpoints.itemDetail, {
    params: { id: itemId },
    query: { filename: fileName, username },
    signal,
  });
}
