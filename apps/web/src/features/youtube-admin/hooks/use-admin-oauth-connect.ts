import { useCallback, useEffect, useRef, useState } from 'react';
import { expireSessionOn } from '@/lib/expire-session.ts';
import { openOAuthPopup, watchPopup } from '@/lib/oauth-popup.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
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
        if (!expireSessionOn(caught, token, ADMIN_TEXT.sessionExpired)) {
          setError(connectErrorMessage(caught));
        }
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
    [],
  );

  return { connect, waiting, error, clearError: () => setError(null) };
}
