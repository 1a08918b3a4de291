import { REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube';
import type { Playlist } from '@scrapper/contracts/http/youtube';
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { isReauthRequired, listPlaylists } from '../api/list-playlists.ts';
import { playlistsFailed, reasonOf } from '../utils/messages.ts';

/** `accountId`: whose playlists these are (a render may still hold the previous account's). */
export type PlaylistsState =
  | { status: 'idle'; accountId: null; playlists: Playlist[] }
  | { status: 'loading'; accountId: string; playlists: Playlist[] }
  | { status: 'ready'; accountId: string; playlists: Playlist[] }
  /** reauth: Google refused the grant; the member must connect the account again. */
  | { status: 'error'; accountId: string; playlists: Playlist[]; message: string; reauth: boolean };

const IDLE: PlaylistsState = { status: 'idle', accountId: null, playlists: [] };

/** The playlists of the chosen account; the re-authentication case is handled here (spec 7). */
export function usePlaylists(accountId: string | null) {
  const [state, setState] = useState<PlaylistsState>(IDLE);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!accountId) {
      setState(IDLE);
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading', accountId, playlists: [] });
    listPlaylists(accountId, controller.signal)
      .then((playlists) => setState({ status: 'ready', accountId, playlists }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        const reauth = isReauthRequired(error);
        setState({
          status: 'error',
          accountId,
          playlists: [],
          message: reauth ? REAUTH_MESSAGE : playlistsFailed(reasonOf(error)),
          reauth,
        });
      });
    return () => controller.abort();
  }, [accountId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
