import type { APIRequestContext } from '@playwright/test';

// Starting a scrape through the API (as the member) and waiting for its result file, for the
// specs whose subject comes after the dashboard: the downloader, history and file manager.

interface TaskStatus {
  state: string;
  error: string | null;
  result: { fileName: string; itemCount: number } | null;
}

/** Scrapes a TikTok keyword (the fake's scenario words pick the items) and returns the file. */
export async function scrapeKeyword(
  api: APIRequestContext,
  keyword: string,
): Promise<{ fileName: string; itemCount: number }> {
  const started = await api.post('/api/scrape/start', {
    data: {
      actorId: 'clockworks/tiktok-scraper',
      input: { searchQueries: keyword, resultsPerPage: 20 },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    },
  });
  if (!started.ok())
    throw new Error(`scrape start: HTTP ${started.status()} ${await started.text()}`);
  const { taskId } = (await started.json()) as { taskId: string };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await api.get(`/api/scrape/status/${taskId}`);
    const task = (await response.json()) as TaskStatus;
    if (task.state === 'completed' && task.result) return task.result;
    if (task.state === 'failed' || task.state === 'cancelled') {
      throw new Error(`scrape ${keyword} ended ${task.state}: ${task.error ?? ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`scrape ${keyword} did not finish in time`);
}
