import { endpoints } from '@scrapper/contracts/http';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function listApifyKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return call(endpoints.apifyKeys.list, { signal });
}
