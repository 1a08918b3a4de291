import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { Batch, Quality } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

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
