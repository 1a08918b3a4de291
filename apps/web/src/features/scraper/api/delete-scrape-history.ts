import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export async function deleteScrapeHistory(id: string): Promise<void> {
  await call(scrapeEndpoints.deleteHistory, { params: { id } });
}
