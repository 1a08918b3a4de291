import { rateLimitEndpoints } from '@scrapper/contracts/http/rate-limits';
import type { PlatformRateLimit } from '@scrapper/contracts/http/rate-limits';
import { call } from '@/lib/api-client.ts';

export function listRateLimits(signal?: AbortSignal): Promise<PlatformRateLimit[]> {
  return call(rateLimitEndpoints.list, { signal });
}

export function setRateLimit(
  platform: string,
  requestsPerMinute: number | null,
): Promise<PlatformRateLimit> {
  return call(rateLimitEndpoints.set, { params: { platform }, body: { requestsPerMinute } });
}
