// Spec part 2, section 4: the ids of downloaded items are remembered in browser storage
// across sessions, so the table keeps saying 'Selesai' after a reload or a new login. The
// list is kept per user (two people sharing a browser each see their own), newest last,
// and capped so years of downloads cannot fill the storage quota.

export const DOWNLOADED_IDS_PREFIX = 'downloadedItemIds:';
export const MAX_REMEMBERED_IDS = 10_000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function downloadedIdsKey(userId: string): string {
  return `${DOWNLOADED_IDS_PREFIX}${userId}`;
}

/** The remembered ids; an unreadable or foreign value counts as none. */
export function readDownloadedIds(storage: KeyValueStorage, userId: string): Set<string> {
  let text: string | null;
  try {
    text = storage.getItem(downloadedIdsKey(userId));
  } catch {
    return new Set();
  }
  if (!text) return new Set();
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return new Set();
    return new Set(value.filter((id): id is string => typeof id === 'string'));
  } catch {
    return new Set();
  }
}

/** Adds ids (moving repeated ones to the end) and stores the newest MAX_REMEMBERED_IDS. */
export function rememberDownloadedIds(
  storage: KeyValueStorage,
  userId: string,
  ids: readonly string[],
): Set<string> {
  const current = readDownloadedIds(storage, userId);
  for (const id of ids) {
    current.delete(id);
    current.add(id);
  }
  const kept = [...current].slice(-MAX_REMEMBERED_IDS);
  try {
    storage.setItem(downloadedIdsKey(userId), JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the marks still show until the page closes.
  }
  return new Set(kept);
}
