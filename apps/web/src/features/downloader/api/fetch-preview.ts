import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The preview clip of an item (the server waits for a worker to make it). */
export function fetchPreview(
  itemId: string,
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<FetchedFile> {
  return fetchFile(
    mediaEndpoints.preview,
    { params: { id: itemId }, query: { filename: fileName, username } },
    { signal },
  );
}
