import { useCallback, useEffect, useRef, useState } from 'react';
import { openOAuthPopup, watchPopup } from '@/lib/oauth-popup.ts';

export interface OAuthPopupTexts {
  popupBlocked: string;
  timeout: string;
  /** The server answered without a consent URL. */
  noAuthUrl?: string;
}

/**
 * The consent popup every connect button uses (YouTube for members and admins, TikTok and Meta
 * on the publishing page): asks for the consent URL, opens it (lib/oauth-popup.ts: 600x700,
 * watched every second, given up after 5 minutes) and calls `onFinished` a second after the
 * popup closed, so the caller reloads its accounts. `waiting` says which attempt runs.
 */
export function useOAuthPopup<Mode extends string>(onFinished: () => void, texts: OAuthPopupTexts) {
  const [waiting, setWaiting] = useState<Mode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const finishedRef = useRef(onFinished);
  const textsRef = useRef(texts);

  useEffect(() => {
    finishedRef.current = onFinished;
    textsRef.current = texts;
  });
  useEffect(() => () => stopRef.current?.(), []);

  /**
   * One attempt: `getUrl` fetches the consent URL; when it throws, `urlFailed` names the
   * error to show (null: nothing to show, e.g. the session ended).
   */
  const start = useCallback(
    async (
      mode: Mode,
      getUrl: () => Promise<string>,
      urlFailed: (caught: unknown) => string | null,
    ) => {
      setError(null);
      stopRef.current?.();
      setWaiting(mode);
      let authUrl: string;
      try {
        authUrl = await getUrl();
      } catch (caught) {
        setWaiting(null);
        setError(urlFailed(caught));
        return;
      }
      const { noAuthUrl, popupBlocked, timeout } = textsRef.current;
      if (!authUrl && noAuthUrl) {
        setWaiting(null);
        setError(noAuthUrl);
        return;
      }
      const popup = openOAuthPopup(authUrl);
      if (!popup) {
        setWaiting(null);
        setError(popupBlocked);
        return;
      }
      stopRef.current = watchPopup(popup, {
        onClosed: () => {
          setWaiting(null);
          finishedRef.current();
        },
        onTimeout: () => {
          setWaiting(null);
          setError(timeout);
        },
      });
    },
    [],
  );

  const clearError = useCallback(() => setError(null), []);
  return { start, waiting, error, setError, clearError };
}
