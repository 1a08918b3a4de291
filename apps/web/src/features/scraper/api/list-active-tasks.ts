import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { Task } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function listActiveTasks(signal?: AbortSignal): Promise<Task[]> {
  return call(scrapeEndpoints.activeTasks, { signal });
}
