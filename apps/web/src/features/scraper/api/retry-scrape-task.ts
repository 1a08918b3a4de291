import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

/** "Coba Lagi": a new task with the failed or cancelled task's platform, targets and options. */
export async function retryScrapeTask(id: string): Promise<string> {
  const { taskId } = await call(scrapeEndpoints.retry, { params: { id } });
  return taskId;
}
