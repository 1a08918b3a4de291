import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { Batch, Quality } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

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
