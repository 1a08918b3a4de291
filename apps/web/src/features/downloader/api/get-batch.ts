import { endpoints } from '@scrapper/contracts/http';
import type { Batch } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

export function getBatch(id: string, signal?: AbortSignal): Promise<Batch> {
  return call(endpoints.media.batch, { params: { id }, signal });
}
