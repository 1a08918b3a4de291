import { endpoints } from '@scrapper/contracts/http';
import type { ScrapeHistoryRecord } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function listScrapeHistory(signal?: AbortSignal): Promise<ScrapeHistoryRecord[]> {
  return call(endpoints.scrape.history, { signal });
}
