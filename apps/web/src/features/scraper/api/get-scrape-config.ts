import { endpoints } from '@scrapper/contracts/http';
import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getScrapeConfig(signal?: AbortSignal): Promise<PlatformConfig[]> {
  return call(endpoints.scrape.config, { signal });
}
