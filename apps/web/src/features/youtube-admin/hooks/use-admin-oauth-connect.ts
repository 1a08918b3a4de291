import { useCallback } from 'react';
import { useOAuthPopup } from '@/hooks/use-oauth-popup.ts';
import { expireSessionOn } from '@/lib/expire-session.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { getAuthUrl } from '../api.ts';
import { ADMIN_TEXT, connectErrorMessage } from '../utils/admin-connect.ts';

const POPUP_TEXTS = {
  popupBlocked: ADMIN_TEXT.popupBlocked,
  timeout: ADMIN_TEXT.oauthTimeout,
  noAuthUrl: ADMIN_TEXT.noAuthUrl,
};

/**
 * 'Tambah Akun YouTube' in the admin tab: the consent URL, the popup, a reload of the cards a
 * second after it closes; the admin's own texts (spec section 8; hooks/use-oauth-popup.ts).
 */
export function useAdminOAuthConnect(onFinished: () => void) {
  const popup = useOAuthPopup<'connect'>(onFinished, POPUP_TEXTS);
  const { start } = popup;

  const connect = useCallback(
    async (clientSecretId: string) => {
      const token = useSessionStore.getState().token;
      await start(
        'connect',
        () => getAuthUrl(clientSecretId),
        (caught) =>
          expireSessionOn(caught, token, ADMIN_TEXT.sessionExpired)
            ? null
            : connectErrorMessage(caught),
      );
    },
    [start],
  );

  return {
    connect,
    waiting: popup.waiting !== null,
    error: popup.error,
    clearError: popup.clearError,
  };
}
