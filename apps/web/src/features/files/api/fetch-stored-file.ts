import { fetchFileAt } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/**
 * A file by the `downloadUrl` the server gave it. The spec opens that URL in a new tab, but
 * a new tab cannot send the bearer token, so the file is fetched with it and saved instead.
 */
export function fetchStoredFile(downloadUrl: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFileAt(downloadUrl, undefined, { signal });
}
