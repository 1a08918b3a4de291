import { endpoints } from '@scrapper/contracts/http';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

export function listVideoItems(
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<VideoItem[]> {
  return call(endpoints.media.items, { query: { filename: fileName, username }, signal }).then(
    (response) => response.items,
  );
}
