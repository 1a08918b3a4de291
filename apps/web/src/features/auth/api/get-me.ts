import { authEndpoints } from '@scrapper/contracts/http/auth';
import type { MeResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return call(authEndpoints.me, { signal });
}
