import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';
import { isJsonResultFile } from '../utils/source-items.ts';

/** The newest files the picker offers (one page: a select of thousands helps nobody). */
export const PICKER_FILES = 200;

export interface JsonResultFiles {
  files: ResultFileSummary[];
  /** Every result file the caller may open, for "… dari N". */
  total: number;
}

/** The caller's newest result files, .json only (spec: only .json files are offered). */
export async function listJsonResultFiles(signal?: AbortSignal): Promise<JsonResultFiles> {
  const { files, pagination } = await call(mediaEndpoints.resultFiles, { query: { limit: PICKER_FILES }, signal });
  return { files: files.filter((file) => isJsonResultFile(file.fileName)), total: pagination.total };
}
