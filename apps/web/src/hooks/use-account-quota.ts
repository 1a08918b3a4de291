import type { AccountQuota } from '@scrapper/contracts/http/youtube-accounts';
import { useCallback, useMemo } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { getAccountQuota } from '@/lib/api/get-account-quota.ts';
import { useResource } from './use-resource.ts';

export type AccountQuotaState =
  | { status: 'idle' }
  | { status: 'loading'; accountId: string; quota: AccountQuota | null }
  | { status: 'ready'; accountId: string; quota: AccountQuota }
  | { status: 'error'; accountId: string };

/** Read again this often while the page is open: other members and uploads spend the quota. */
export const QUOTA_POLL_MS = 60_000;

const IDLE: AccountQuotaState = { status: 'idle' };

/**
 * The selected account's quota today. Loads when the account changes and whenever
 * `refreshKey` changes (an upload finished), and a minute after each answer; the last answer
 * stays on screen while a new one loads (not after a failure: then 'Memuat...' again).
 */
export function useAccountQuota(accountId: string | null, refreshKey: string) {
  // What to load: a new object (so a new load) for another account or another refresh key.
  const target = useMemo(
    () => (accountId ? { accountId, refreshKey } : null),
    [accountId, refreshKey],
  );
  const load = useCallback(
    async (signal: AbortSignal): Promise<AccountQuotaState> => {
      if (!target) return IDLE;
      try {
        const quota = await getAccountQuota(target.accountId, signal);
        return { status: 'ready', accountId: target.accountId, quota };
      } catch (error) {
        if (isAbortError(error)) throw error;
        return { status: 'error', accountId: target.accountId };
      }
    },
    [target],
  );
  const { data, status, reload } = useResource(load, IDLE, {
    refreshMs: target ? QUOTA_POLL_MS : null,
  });

  let state: AccountQuotaState = data;
  if (!accountId) state = IDLE;
  else if (status === 'loading') {
    const kept = data.status === 'ready' && data.accountId === accountId ? data.quota : null;
    state = { status: 'loading', accountId, quota: kept };
  }
  return { state, reload };
}
