import { apifyKeyEndpoints } from '@scrapper/contracts/http/keys';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function addApifyKey(key: string, label?: string): Promise<ApiKey> {
  return call(apifyKeyEndpoints.add, { body: { key, ...(label ? { label } : {}) } });
}
