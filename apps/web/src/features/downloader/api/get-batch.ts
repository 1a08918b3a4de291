import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { Batch } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

export function getBatch(id: string, signal?: AbortSignal): Promise<Batch> {
  return call(mediaEndpoints.batch, { params: { id }, signal });
}
