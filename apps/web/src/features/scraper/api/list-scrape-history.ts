import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { ListScrapeHistoryResponse } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

/** One page of finished tasks, newest first, with the total of all of them. */
export function listScrapeHistory(
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<ListScrapeHistoryResponse> {
  return call(scrapeEndpoints.history, { query: page, signal });
}
