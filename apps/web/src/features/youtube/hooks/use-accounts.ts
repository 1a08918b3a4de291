import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { useCallback, useState } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { isAbortError } from '@/lib/api-error.ts';
import { expireSessionOn } from '@/lib/expire-session.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { listAccounts } from '../api.ts';
import { TEXT, accountsFailed, reasonOf } from '../utils/messages.ts';

const NONE: YouTubeAccount[] = [];

/**
 * The member's YouTube accounts. Spec section 7: a 401 here logs the user out with 'Sesi Anda
 * telah kedaluwarsa. Harap login ulang.' (a toast, which outlives the page); any other
 * failure reads 'Error loading accounts: {message}'.
 */
export function useAccounts() {
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (signal: AbortSignal) => {
      const token = useSessionStore.getState().token;
      try {
        const list = await listAccounts(signal);
        setError(null);
        return list;
      } catch (caught) {
        if (isAbortError(caught)) throw caught;
        if (!expireSessionOn(caught, token, TEXT.sessionExpired)) {
          setError(accountsFailed(reasonOf(caught)));
        }
        throw caught;
      }
    },
    [],
  );

  const { data: accounts, status, reload } = useResource(load, NONE);
  return { accounts, status, error, reload };
}
