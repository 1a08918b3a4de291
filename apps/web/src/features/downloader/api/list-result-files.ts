import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

/** The caller's result files; admins get everyone's, or one user's with `username`. */
export function listResultFiles(
  username: string | undefined,
  signal?: AbortSignal,
): Promise<ResultFileSummary[]> {
  return call(mediaEndpoints.resultFiles, { query: { username }, signal });
}
