import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { useResource } from '@/hooks/use-resource.ts';
import { listJsonResultFiles } from '../api/list-result-files.ts';

const NO_FILES: ResultFileSummary[] = [];

/** The .json result files the source picker offers. */
export function useJsonFiles() {
  return useResource(listJsonResultFiles, NO_FILES);
}
