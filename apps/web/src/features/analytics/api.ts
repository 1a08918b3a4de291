import { analyticsEndpoints } from '@scrapper/contracts/http/analytics';
import type { Analytics } from '@scrapper/contracts/http/analytics';
import { call } from '@/lib/api-client.ts';

export function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  return call(analyticsEndpoints.dashboard, { signal });
}
