import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { ScrapeReadiness } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getScrapeReadiness(signal?: AbortSignal): Promise<ScrapeReadiness> {
  return call(scrapeEndpoints.readiness, { signal });
}
