import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { Task } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getScrapeTask(id: string, signal?: AbortSignal): Promise<Task> {
  return call(scrapeEndpoints.status, { params: { id }, signal });
}
