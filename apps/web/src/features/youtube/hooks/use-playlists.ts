import { REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import type { Playlist } from '@scrapper/contracts/http/youtube-accounts';
import { useCallback, useMemo } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { isReauthRequired, listPlaylists } from '@/lib/api/list-playlists.ts';
import { playlistsFailed, reasonOf } from '../utils/messages.ts';

/** `accountId`: whose playlists these are (a render may still hold the previous account's). */
export type PlaylistsState =
  | { status: 'idle'; accountId: null; playlists: Playlist[] }
  | { status: 'loading'; accountId: string; playlists: Playlist[] }
  | { status: 'ready'; accountId: string; playlists: Playlist[] }
  /** reauth: Google refused the grant; the member must connect the account again. */
  | { status: 'error'; accountId: string; playlists: Playlist[]; message: string; reauth: boolean };

const IDLE: PlaylistsState = { status: 'idle', accountId: null, playlists: [] };
const NONE: Playlist[] = [];

/** The playlists of the chosen account; the re-authentication case is handled here (spec 7). */
export function usePlaylists(accountId: string | null) {
  const load = useCallback(
    (signal: AbortSignal) => (accountId ? listPlaylists(accountId, signal) : Promise.resolve(NONE)),
    [accountId],
  );
  const { data, status, error, reload } = useResource(load, NONE);

  const state = useMemo((): PlaylistsState => {
    if (!accountId) return IDLE;
    if (status === 'error') {
      const reauth = isReauthRequired(error);
      const message = reauth ? REAUTH_MESSAGE : playlistsFailed(reasonOf(error));
      return { status, accountId, playlists: NONE, message, reauth };
    }
    return { status, accountId, playlists: status === 'ready' ? data : NONE };
  }, [accountId, status, error, data]);
  return { state, reload };
}
