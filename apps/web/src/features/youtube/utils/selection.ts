// The account panel's three choices (spec part 2, section 4): changing the client secret
// clears account and playlist, changing the account clears the playlist, and a saved client
// secret or account that the loaded list does not hold is replaced by the first entry, or by
// none when the list is empty. The playlist is never chosen for the member: it stays
// "Tanpa playlist" until they pick one (issue 20: uploads landed in a playlist nobody chose).
// The choices survive reloads in localStorage, per user.

export interface YoutubeSelection {
  clientSecretId: string | null;
  accountId: string | null;
  /** null or NO_PLAYLIST: no playlist ("Tanpa playlist"); only the member picks one. */
  playlistId: string | null;
}

/** The value of the 'Tanpa playlist' option. */
export const NO_PLAYLIST = '';

export const EMPTY_SELECTION: YoutubeSelection = {
  clientSecretId: null,
  accountId: null,
  playlistId: null,
};

export function selectClientSecret(current: YoutubeSelection, id: string | null): YoutubeSelection {
  if (current.clientSecretId === id) return current;
  return { clientSecretId: id, accountId: null, playlistId: null };
}

export function selectAccount(current: YoutubeSelection, id: string | null): YoutubeSelection {
  if (current.accountId === id) return current;
  return { ...current, accountId: id, playlistId: null };
}

export function selectPlaylist(current: YoutubeSelection, id: string | null): YoutubeSelection {
  if (current.playlistId === id) return current;
  return { ...current, playlistId: id };
}

/**
 * The choice to show once a list has loaded: the saved one if the list holds it, else the
 * first entry, else null.
 */
export function resolveChoice(saved: string | null, ids: readonly string[]): string | null {
  if (saved !== null && ids.includes(saved)) return saved;
  return ids[0] ?? null;
}

/**
 * The playlist to show once the account's playlists have loaded: the member's saved pick if
 * the list still holds it, else none. Never the first entry.
 */
export function resolvePlaylist(saved: string | null, ids: readonly string[]): string | null {
  return saved !== null && saved !== NO_PLAYLIST && ids.includes(saved) ? saved : null;
}

export const SELECTION_STORAGE_PREFIX = 'youtubeSelection:';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function selectionStorageKey(userId: string): string {
  return `${SELECTION_STORAGE_PREFIX}${userId}`;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The saved choices; anything unreadable counts as nothing saved. */
export function readSelection(storage: KeyValueStorage, userId: string): YoutubeSelection {
  try {
    const text = storage.getItem(selectionStorageKey(userId));
    if (!text) return EMPTY_SELECTION;
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object') return EMPTY_SELECTION;
    const record = value as Record<string, unknown>;
    return {
      clientSecretId: stringOrNull(record.clientSecretId),
      accountId: stringOrNull(record.accountId),
      playlistId: stringOrNull(record.playlistId),
    };
  } catch {
    return EMPTY_SELECTION;
  }
}

export function writeSelection(
  storage: KeyValueStorage,
  userId: string,
  selection: YoutubeSelection,
): void {
  try {
    storage.setItem(selectionStorageKey(userId), JSON.stringify(selection));
  } catch {
    // Storage full or blocked: the choices last until the page closes.
  }
}
