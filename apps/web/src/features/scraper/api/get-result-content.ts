import { scrapeEndpoints } from '@scrapper/contracts/http/scrape';
import type { ResultFile } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getResultContent(fileName: string, signal?: AbortSignal): Promise<ResultFile> {
  return call(scrapeEndpoints.content, { params: { fileName }, signal });
}
