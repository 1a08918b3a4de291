import { endpoints } from '@scrapper/contracts/http';
import type { ResultFile } from '@scrapper/contracts/http/scrape';
import { call } from '@/lib/api-client.ts';

export function getResultContent(fileName: string, signal?: AbortSignal): Promise<ResultFile> {
  return call(endpoints.scrape.content, { params: { fileName }, signal });
}
