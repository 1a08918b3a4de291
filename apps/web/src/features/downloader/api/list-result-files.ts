import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { ListResultFilesResponseSchema } from '@scrapper/contracts/http/media';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';

export interface ResultFilesQuery {
  /** Admins: one member's files; members always get their own. */
  username: string | undefined;
  /** Part of the file's name or target. */
  search: string | undefined;
  offset: number;
  limit: number;
}

/** One page of the result files the caller may open, newest first. */
export function listResultFiles(
  query: ResultFilesQuery,
  signal?: AbortSignal,
): Promise<z.infer<typeof ListResultFilesResponseSchema>> {
  return call(mediaEndpoints.resultFiles, { query, signal });
}
