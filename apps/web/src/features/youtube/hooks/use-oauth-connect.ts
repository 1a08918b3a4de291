import { useCallback } from 'react';
import { useOAuthPopup } from '@/hooks/use-oauth-popup.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { getAuthUrl } from '../api.ts';
import { TEXT, connectFailed, reasonOf, reauthFailed } from '../utils/messages.ts';

export type ConnectMode = 'connect' | 'reauth';

const POPUP_TEXTS = { popupBlocked: TEXT.popupBlocked, timeout: TEXT.oauthTimeout };

/**
 * 'Hubungkan Akun' and 'Autentikasi Ulang' (spec sections 4, 5 and 8): needs a stored login
 * token; asks the server for Google's consent URL, opens it in the popup, and reloads the
 * accounts a second after the popup closes (hooks/use-oauth-popup.ts).
 */
export function useOAuthConnect(onFinished: () => void) {
  const popup = useOAuthPopup<ConnectMode>(onFinished, POPUP_TEXTS);
  const { start, setError } = popup;

  const connect = useCallback(
    async (clientSecretId: string | null, accountId?: string) => {
      const mode: ConnectMode = accountId ? 'reauth' : 'connect';
      const failed = mode === 'reauth' ? reauthFailed : connectFailed;
      if (!useSessionStore.getState().token) {
        setError(TEXT.notLoggedIn);
        return;
      }
      if (!clientSecretId) {
        setError(TEXT.chooseClientSecret);
        return;
      }
      await start(
        mode,
        () => getAuthUrl(clientSecretId, accountId),
        (caught) => failed(reasonOf(caught)),
      );
    },
    [start, setError],
  );

  return { connect, waiting: popup.waiting, error: popup.error, clearError: popup.clearError };
}
