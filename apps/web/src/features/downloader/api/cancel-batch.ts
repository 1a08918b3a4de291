import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { Batch } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

export function cancelBatch(id: string): Promise<Batch> {
  return call(mediaEndpoints.cancelBatch, { params: { id } });
}
