import { scrapeEndpoints, TASK_LOG_PAGE_MAX } from '@scrapper/contracts/http/scrape';
import type {
  ListScrapeHistoryResponse,
  ListTaskLogsResponse,
  ScrapeReadiness,
  StartScrapeBody,
  Task,
} from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';
import { endpoints } from '@scrapper/contracts/http';
import type { VideoListItem } from '@scrapper/contracts/http/media';

export function cancelScrapeTask(id: string): Promise<Task> {
  return call(scrapeEndpoints.cancel, { params: { id } });
}

export async function deleteScrapeHistory(id: string): Promise<void> {
  await call(scrapeEndpoints.deleteHistory, { params: { id } });
}

/** How many of a result file's items the last-result card shows. */
export const RESULT_PREVIEW_COUNT = 5;

export interface ResultPreview {
  /** The file's first video items, in its order. */
  items: VideoListItem[];
  /** All its video items. */
  total: number;
}

/**
 * The first items of a result file, mapped by the server, and how many it holds: one small
 * page of the downloader's items list, never the file itself (a file may hold 200,000 items,
 * and holds them raw, as Apify returned them).
 */
export async function getResultPreview(
  fileName: string,
  signal?: AbortSignal,
): Promise<ResultPreview> {
  const page = await call(endpoints.media.items, {
    query: { filename: fileName, limit: RESULT_PREVIEW_COUNT },
    signal,
  });
  return { items: page.items, total: page.counts.all };
}

export function getScrapeReadiness(signal?: AbortSignal): Promise<ScrapeReadiness> {
  return call(scrapeEndpoints.readiness, { signal });
}

export function getScrapeTask(id: string, signal?: AbortSignal): Promise<Task> {
  return call(scrapeEndpoints.status, { params: { id }, signal });
}

export function listActiveTasks(signal?: AbortSignal): Promise<Task[]> {
  return call(scrapeEndpoints.activeTasks, { signal });
}

/** One page of finished tasks, newest first, with the total of all of them. */
export function listScrapeHistory(
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<ListScrapeHistoryResponse> {
  return call(scrapeEndpoints.history, { query: page, signal });
}

/** A task's log lines after line `after`, oldest first, as many as one answer may hold. */
export function listTaskLogs(
  id: string,
  after: number,
  signal?: AbortSignal,
): Promise<ListTaskLogsResponse> {
  return call(scrapeEndpoints.taskLogs, {
    params: { id },
    query: { after, limit: TASK_LOG_PAGE_MAX },
    signal,
  });
}

/** "Coba Lagi": a new task with the failed or cancelled task's platform, targets and options. */
export async function retryScrapeTask(id: string): Promise<string> {
  const { taskId } = await call(scrapeEndpoints.retry, { params: { id } });
  return taskId;
}

export async function startScrapeTask(body: StartScrapeBody): Promise<string> {
  const { taskId } = await call(scrapeEndpoints.start, { body });
  return taskId;
}
