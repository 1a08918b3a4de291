import { useCallback, useEffect, useRef, useState } from 'react';
import { openOAuthPopup, watchPopup } from '@/lib/oauth-popup.ts';

/** One attempt at connecting an account: what it is called while it runs, and its consent URL. */
export interface OAuthAttempt<Mode extends string> {
  /** Which attempt runs ('connect', 'reauth', a platform): what `waiting` says meanwhile. */
  mode: Mode;
  /** Asks the server for the consent URL. */
  authUrl: () => Promise<string>;
  /** The error to show when `authUrl` threw; null: nothing to show (e.g. the session ended). */
  failed: (caught: unknown) => string | null;
}

/** A connect button's words and attempts (a module constant of the page that has the button). */
export interface OAuthConnect<Args extends unknown[], Mode extends string> {
  popupBlocked: string;
  timeout: string;
  /** The server answered without a consent URL (unset: the popup opens anyway). */
  noAuthUrl?: string;
  /** The attempt for the button's arguments, or the sentence that says why it cannot start. */
  attempt: (...args: Args) => OAuthAttempt<Mode> | string;
}

/**
 * The connect button every account page uses (YouTube for members and admins, TikTok and Meta
 * on the publishing page): asks for the consent URL, opens it (lib/oauth-popup.ts: 600x700,
 * watched every second, given up after 5 minutes) and calls `onFinished` a second after the
 * popup closed, so the caller reloads its accounts. `waiting` says which attempt runs.
 */
export function useOAuthConnect<Args extends unknown[], Mode extends string>(
  onFinished: () => void,
  options: OAuthConnect<Args, Mode>,
) {
  const [waiting, setWaiting] = useState<Mode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const finishedRef = useRef(onFinished);
  const optionsRef = useRef(options);

  useEffect(() => {
    finishedRef.current = onFinished;
    optionsRef.current = options;
  });
  useEffect(() => () => stopRef.current?.(), []);

  const connect = useCallback(async (...args: Args) => {
    const { attempt, noAuthUrl, popupBlocked, timeout } = optionsRef.current;
    const next = attempt(...args);
    if (typeof next === 'string') {
      setError(next);
      return;
    }
    setError(null);
    stopRef.current?.();
    setWaiting(next.mode);
    let authUrl: string;
    try {
      authUrl = await next.authUrl();
    } catch (caught) {
      setWaiting(null);
      setError(next.failed(caught));
      return;
    }
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
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { connect, waiting, error, setError, clearError };
}
