import { mediaEndpoints, type VideoListItem } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

/** The first items of a file the picker offers (the largest page the list gives). */
export const PICKER_ITEMS = 500;

export interface FileItemsPage {
  items: VideoListItem[];
  /** Every item of the file, for "… dari N". */
  total: number;
}

/** The first items of a result file, without raw records; `username` names the owner when an admin opens someone else's. */
export async function listFileItems(fileName: string, username: string | undefined, signal?: AbortSignal): Promise<FileItemsPage> {
  const { items, pagination } = await call(mediaEndpoints.items, {
    query: { filename: fileName, username, limit: PICKER_ITEMS },
    signal,
  });
  return { items, total: pagination.total };
}
