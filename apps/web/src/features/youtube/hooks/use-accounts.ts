import type { YouTubeAccount } from '@scrapper/contracts/http/youtube';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, isAbortError } from '@/lib/api-error.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { listAccounts } from '../api/list-accounts.ts';
import { TEXT, accountsFailed, reasonOf } from '../utils/messages.ts';

export type AccountsStatus = 'loading' | 'ready' | 'error';

/**
 * The member's YouTube accounts. Spec section 7: a 401 here logs the user out with 'Sesi Anda
 * telah kedaluwarsa. Harap login ulang.' (a toast, which outlives the page); any other
 * failure reads 'Error loading accounts: {message}'.
 */
export function useAccounts() {
  const [accounts, setAccounts] = useState<YouTubeAccount[]>([]);
  const [status, setStatus] = useState<AccountsStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const showToast = useToastStore((state) => state.show);

  useEffect(() => {
    const controller = new AbortController();
    const token = useSessionStore.getState().token;
    setStatus('loading');
    listAccounts(controller.signal)
      .then((list) => {
        setAccounts(list);
        setError(null);
        setStatus('ready');
      })
      .catch((caught: unknown) => {
        if (isAbortError(caught)) return;
        const session = useSessionStore.getState();
        // Only the session this request was made with ends (see lib/api-client.ts).
        if (
          caught instanceof ApiError &&
          caught.status === 401 &&
          token !== null &&
          session.token === token
        ) {
          showToast('warning', TEXT.sessionExpired);
          session.logout('unauthorized');
          return;
        }
        setError(accountsFailed(reasonOf(caught)));
        setStatus('error');
      });
    return () => controller.abort();
  }, [attempt, showToast]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { accounts, status, error, reload };
}
