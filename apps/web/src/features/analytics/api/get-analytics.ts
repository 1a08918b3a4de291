import { endpoints } from '@scrapper/contracts/http';
import type { Analytics } from '@scrapper/contracts/http/analytics';
import { call } from '@/lib/api-client.ts';

export function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  return call(endpoints.analytics.dashboard, { signal });
}
