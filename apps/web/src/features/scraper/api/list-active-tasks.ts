import { endpoints } from '@scrapper/contracts/http';
import type { Task } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function listActiveTasks(signal?: AbortSignal): Promise<Task[]> {
  return call(endpoints.scrape.activeTasks, { signal });
}
