import type { CreatorInfo } from '@scrapper/contracts/http/publish';
import { useEffect, useState } from 'react';
import { describeError, isAbortError } from '@/lib/api-error.ts';
import { getCreatorInfo } from '../api.ts';

export type CreatorInfoState =
  | { status: 'loading' }
  | { status: 'ready'; info: CreatorInfo }
  | { status: 'error'; message: string };

/**
 * TikTok's creator info for each chosen TikTok destination, read when it is chosen (TikTok's
 * posting guidelines: the form shows the creator's current options). Read again when it is
 * chosen again or `retryKey` changes.
 */
export function useCreatorInfo(accountIds: readonly string[], retryKey: number) {
  const [states, setStates] = useState<Record<string, CreatorInfoState>>({});
  const key = accountIds.join(',');

  useEffect(() => {
    const ids = key ? key.split(',') : [];
    const controller = new AbortController();
    setStates((current) => {
      const next: Record<string, CreatorInfoState> = {};
      for (const id of ids)
        next[id] = current[id]?.status === 'ready' ? current[id] : { status: 'loading' };
      return next;
    });
    for (const id of ids) {
      getCreatorInfo(id, controller.signal)
        .then((info) => setStates((current) => ({ ...current, [id]: { status: 'ready', info } })))
        .catch((error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          setStates((current) => ({
            ...current,
            [id]: { status: 'error', message: describeError(error) },
          }));
        });
    }
    return () => controller.abort();
  }, [key, retryKey]);

  const infos: Record<string, CreatorInfo | undefined> = {};
  for (const [id, state] of Object.entries(states))
    if (state.status === 'ready') infos[id] = state.info;
  return { states, infos };
}
