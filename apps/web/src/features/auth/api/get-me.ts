import { endpoints } from '@scrapper/contracts/http';
import type { MeResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return call(endpoints.auth.me, { signal });
}
