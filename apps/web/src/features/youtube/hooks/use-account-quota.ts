import type { AccountQuota } from '@scrapper/contracts/http/youtube';
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { getAccountQuota } from '../api/get-account-quota.ts';

export type AccountQuotaState =
  | { status: 'idle' }
  | { status: 'loading'; accountId: string; quota: AccountQuota | null }
  | { status: 'ready'; accountId: string; quota: AccountQuota }
  | { status: 'error'; accountId: string };

/** Read again this often while the page is open: other members and uploads spend the quota. */
export const QUOTA_POLL_MS = 60_000;

/**
 * The selected account's quota today. Loads when the account changes and whenever
 * `refreshKey` changes (an upload finished), and once a minute; the last answer stays on
 * screen while a new one loads.
 */
export function useAccountQuota(accountId: string | null, refreshKey: string) {
  const [state, setState] = useState<AccountQuotaState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!accountId) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setState((current) => ({
      status: 'loading',
      accountId,
      quota: current.status === 'ready' && current.accountId === accountId ? current.quota : null,
    }));
    getAccountQuota(accountId, controller.signal)
      .then((quota) => setState({ status: 'ready', accountId, quota }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState({ status: 'error', accountId });
      });
    const timer = setTimeout(() => setAttempt((n) => n + 1), QUOTA_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [accountId, refreshKey, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
