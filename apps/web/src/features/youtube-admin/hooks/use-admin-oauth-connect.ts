import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-error.ts';
import { openOAuthPopup, watchPopup } from '@/lib/oauth-popup.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { getAuthUrl } from '../api/get-auth-url.ts';
import { ADMIN_TEXT, connectErrorMessage } from '../utils/admin-connect.ts';

/**
 * 'Tambah Akun YouTube' in the admin tab: the consent URL, the popup, a reload of the cards a
 * second after it closes; the admin's own texts (spec section 8; timings in lib/oauth-popup).
 */
export function useAdminOAuthConnect(onFinished: () => void) {
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const finishedRef = useRef(onFinished);
  const showToast = useToastStore((state) => state.show);

  useEffect(() => {
    finishedRef.current = onFinished;
  });
  useEffect(() => () => stopRef.current?.(), []);

  const connect = useCallback(
    async (clientSecretId: string) => {
      setError(null);
      stopRef.current?.();
      setWaiting(true);
      const token = useSessionStore.getState().token;
      let authUrl: string;
      try {
        authUrl = await getAuthUrl(clientSecretId);
      } catch (caught) {
        setWaiting(false);
        const session = useSessionStore.getState();
        if (
          caught instanceof ApiError &&
          caught.status === 401 &&
          token !== null &&
          session.token === token
        ) {
          // The toast outlives this page, which closes with the session.
          showToast('warning', ADMIN_TEXT.sessionExpired);
          session.logout('unauthorized');
          return;
        }
        setError(connectErrorMessage(caught));
        return;
      }
      if (!authUrl) {
        setWaiting(false);
        setError(ADMIN_TEXT.noAuthUrl);
        return;
      }
      const popup = openOAuthPopup(authUrl);
      if (!popup) {
        setWaiting(false);
        setError(ADMIN_TEXT.popupBlocked);
        return;
      }
      stopRef.current = watchPopup(popup, {
        onClosed: () => {
          setWaiting(false);
          finishedRef.current();
        },
        onTimeout: () => {
          setWaiting(false);
          setError(ADMIN_TEXT.oauthTimeout);
        },
      });
    },
    [showToast],
  );

  return { connect, waiting, error, clearError: () => setError(null) };
}
