import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { Task } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function cancelScrapeTask(id: string): Promise<Task> {
  return call(scrapeEndpoints.cancel, { params: { id } });
}
