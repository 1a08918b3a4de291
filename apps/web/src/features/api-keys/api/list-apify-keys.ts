import { apifyKeyEndpoints } from '@scrapper/contracts/http/keys';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function listApifyKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return call(apifyKeyEndpoints.list, { signal });
}
