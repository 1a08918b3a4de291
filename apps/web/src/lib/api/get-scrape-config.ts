import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getScrapeConfig(signal?: AbortSignal): Promise<PlatformConfig[]> {
  return call(scrapeEndpoints.config, { signal });
}
