import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export async function deleteScrapeHistory(id: string): Promise<void> {
  await call(endpoints.scrape.deleteHistory, { params: { id } });
}
