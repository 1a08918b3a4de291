import { useCallback, useEffect, useRef } from 'react';
import { startPolling, type Poller } from '@/lib/poll.ts';

export interface PollingOptions {
  /** false: the first run waits one interval (the data on screen is fresh already). */
  immediate?: boolean;
}

/**
 * Runs `run` now and then `intervalMs` after each run has ended (lib/poll.ts: never two at
 * once) while the component is mounted. A new `run` (keep it in useCallback/useMemo) starts
 * over; null stops. `now` runs at once, or right after a run under way.
 */
export function usePolling(
  run: ((signal: AbortSignal) => Promise<void>) | null,
  intervalMs: number,
  { immediate = true }: PollingOptions = {},
): { now: () => void } {
  const poller = useRef<Poller | null>(null);

  useEffect(() => {
    if (!run) return undefined;
    const controller = new AbortController();
    poller.current = startPolling({ run, intervalMs, immediate, signal: controller.signal });
    return () => {
      controller.abort();
      poller.current = null;
    };
  }, [run, intervalMs, immediate]);

  const now = useCallback(() => poller.current?.now(), []);
  return { now };
}
