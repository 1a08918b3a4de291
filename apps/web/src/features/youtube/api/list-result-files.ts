import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';
import { isJsonResultFile } from '../utils/source-items.ts';

/** The caller's own result files, .json only (spec: only .json files are offered). */
export async function listJsonResultFiles(signal?: AbortSignal): Promise<ResultFileSummary[]> {
  const files = await call(mediaEndpoints.resultFiles, { query: {}, signal });
  return files.filter((file) => isJsonResultFile(file.fileName));
}
