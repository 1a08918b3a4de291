import { endpoints } from '@scrapper/contracts/http';
import type { StartScrapeBody } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export async function startScrapeTask(body: StartScrapeBody): Promise<string> {
  const { taskId } = await call(endpoints.scrape.start, { body });
  return taskId;
}
