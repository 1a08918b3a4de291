import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { ScrapeHistoryRecord } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function listScrapeHistory(signal?: AbortSignal): Promise<ScrapeHistoryRecord[]> {
  return call(scrapeEndpoints.history, { signal });
}
