import { endpoints } from '@scrapper/contracts/http';
import type { Batch } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

export function cancelBatch(id: string): Promise<Batch> {
  return call(endpoints.media.cancelBatch, { params: { id } });
}
