import { endpoints } from '@scrapper/contracts/http';
import type { Task } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getScrapeTask(id: string, signal?: AbortSignal): Promise<Task> {
  return call(endpoints.scrape.status, { params: { id }, signal });
}
