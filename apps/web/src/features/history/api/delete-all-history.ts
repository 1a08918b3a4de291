import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

/** Admin only: clears every user's history. */
export function deleteAllHistory(): Promise<{ deleted: number }> {
  return call(mediaEndpoints.deleteAllHistory);
}
