import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

/** Removes an entry from the history; its file stays in the file manager. */
export function deleteHistoryItem(id: string): Promise<{ id: string }> {
  return call(mediaEndpoints.deleteHistory, { params: { id } });
}
