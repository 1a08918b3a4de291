import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

/** Admin only: clears every user's history. */
export function deleteAllHistory(): Promise<{ deleted: number }> {
  return call(endpoints.media.deleteAllHistory);
}
