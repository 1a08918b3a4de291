import type { AccountQuota } from '@scrapper/contracts/http/youtube-accounts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { startPolling, type Poller } from '@/lib/poll.ts';
import { getAccountQuota } from '@/lib/api/get-account-quota.ts';

export type AccountQuotaState =
  | { status: 'idle' }
  | { status: 'loading'; accountId: string; quota: AccountQuota | null }
  | { status: 'ready'; accountId: string; quota: AccountQuota }
  | { status: 'error'; accountId: string };

/** Read again this often while the page is open: other members and uploads spend the quota. */
export const QUOTA_POLL_MS = 60_000;

/**
 * The selected account's quota today. Loads when the account changes and whenever
 * `refreshKey` changes (an upload finished), and a minute after each answer; the last answer
 * stays on screen while a new one loads.
 */
export function useAccountQuota(accountId: string | null, refreshKey: string) {
  const [state, setState] = useState<AccountQuotaState>({ status: 'idle' });
  const poller = useRef<Poller | null>(null);

  useEffect(() => {
    if (!accountId) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    poller.current = startPolling({
      intervalMs: QUOTA_POLL_MS,
      signal: controller.signal,
      run: async (signal) => {
        setState((current) => ({
          status: 'loading',
          accountId,
          quota: current.status === 'ready' && current.accountId === accountId ? current.quota : null,
        }));
        try {
          const quota = await getAccountQuota(accountId, signal);
          if (!signal.aborted) setState({ status: 'ready', accountId, quota });
        } catch (error) {
          if (signal.aborted || isAbortError(error)) return;
          setState({ status: 'error', accountId });
        }
      },
    });
    return () => {
      controller.abort();
      poller.current = null;
    };
  }, [accountId, refreshKey]);

  const reload = useCallback(() => poller.current?.now(), []);
  return { state, reload };
}
