import { useCallback, useEffect, useRef, useState } from 'react';
import { openOAuthPopup, watchPopup } from '@/lib/oauth-popup.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { getAuthUrl } from '../api/get-auth-url.ts';
import { TEXT, connectFailed, reasonOf, reauthFailed } from '../utils/messages.ts';

export type ConnectMode = 'connect' | 'reauth';

/**
 * 'Hubungkan Akun' and 'Autentikasi Ulang' (spec sections 4, 5 and 8): needs a stored login
 * token; asks the server for Google's consent URL, opens it in the popup, and reloads the
 * accounts a second after the popup closes (timings in lib/oauth-popup.ts).
 */
export function useOAuthConnect(onFinished: () => void) {
  const [waiting, setWaiting] = useState<ConnectMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const finishedRef = useRef(onFinished);

  useEffect(() => {
    finishedRef.current = onFinished;
  });
  useEffect(() => () => stopRef.current?.(), []);

  const connect = useCallback(async (clientSecretId: string | null, accountId?: string) => {
    const mode: ConnectMode = accountId ? 'reauth' : 'connect';
    const failed = mode === 'reauth' ? reauthFailed : connectFailed;
    setError(null);
    if (!useSessionStore.getState().token) {
      setError(TEXT.notLoggedIn);
      return;
    }
    if (!clientSecretId) {
      setError(TEXT.chooseClientSecret);
      return;
    }
    stopRef.current?.();
    setWaiting(mode);
    let authUrl: string;
    try {
      authUrl = await getAuthUrl(clientSecretId, accountId);
    } catch (caught) {
      setWaiting(null);
      setError(failed(reasonOf(caught)));
      return;
    }
    const popup = openOAuthPopup(authUrl);
    if (!popup) {
      setWaiting(null);
      setError(TEXT.popupBlocked);
      return;
    }
    stopRef.current = watchPopup(popup, {
      onClosed: () => {
        setWaiting(null);
        finishedRef.current();
      },
      onTimeout: () => {
        setWaiting(null);
        setError(TEXT.oauthTimeout);
      },
    });
  }, []);

  return { connect, waiting, error, clearError: () => setError(null) };
}
