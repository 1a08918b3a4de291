import { endpoints } from '@scrapper/contracts/http';
import type { Task } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function cancelScrapeTask(id: string): Promise<Task> {
  return call(endpoints.scrape.cancel, { params: { id } });
}
