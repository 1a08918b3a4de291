import { scrapeEndpoints, TASK_LOG_PAGE_MAX } from '@scrapper/contracts/http/scrape';
import type { ListTaskLogsResponse } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

/** A task's log lines after line `after`, oldest first, as many as one answer may hold. */
export function listTaskLogs(id: string, after: number, signal?: AbortSignal): Promise<ListTaskLogsResponse> {
  return call(scrapeEndpoints.taskLogs, { params: { id }, query: { after, limit: TASK_LOG_PAGE_MAX }, signal });
}
