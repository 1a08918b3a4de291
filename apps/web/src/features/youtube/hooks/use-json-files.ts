import { useResource } from '@/hooks/use-resource.ts';
import { listJsonResultFiles, type JsonResultFiles } from '../api.ts';

const NO_FILES: JsonResultFiles = { files: [], total: 0 };

/** The .json result files the source picker offers. */
export function useJsonFiles() {
  return useResource(listJsonResultFiles, NO_FILES);
}
