import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { StartScrapeBody } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export async function startScrapeTask(body: StartScrapeBody): Promise<string> {
  const { taskId } = await call(scrapeEndpoints.start, { body });
  return taskId;
}
