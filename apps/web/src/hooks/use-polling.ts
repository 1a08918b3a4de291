import { useCallback, useEffect, useRef } from 'react';
import type { LiveEventKind } from '@scrapper/contracts/http/events';
import { liveEvents } from '@/lib/events.ts';
import { startPolling, type Poller } from '@/lib/poll.ts';

export interface PollingOptions {
  /** false: the first run waits one interval (the data on screen is fresh already). */
  immediate?: boolean;
  /** Live event kinds that change this data: while the stream is connected they replace the interval. */
  events?: readonly LiveEventKind[];
}

/**
 * Runs `run` now and then `intervalMs` after each run has ended (lib/poll.ts: never two at
 * once) while the component is mounted. A new `run` (keep it in useCallback/useMemo) starts
 * over; null stops. `now` runs at once, or right after a run under way.
 */
export function usePolling(
  run: ((signal: AbortSignal) => Promise<void>) | null,
  intervalMs: number,
  { immediate = true, events }: PollingOptions = {},
): { now: () => void } {
  const poller = useRef<Poller | null>(null);
  // The live cursor the data on screen was loaded at: taken at first render (before the
  // component's own first load), then at each run; a poller that takes over (a new `run`, or
  // polling starting once something is pending) runs at once if an event came after it.
  const since = useRef<number | null>(null);
  if (since.current === null) since.current = liveEvents.cursor();
  // Kinds are a constant list per caller; a key keeps a new array literal from restarting the poll.
  const kinds = events?.join(',') ?? '';

  useEffect(() => {
    if (!run) return undefined;
    const controller = new AbortController();
    const listen = kinds ? (kinds.split(',') as LiveEventKind[]) : undefined;
    const started = startPolling({ run, intervalMs, immediate, signal: controller.signal, events: listen, since: since.current ?? undefined });
    poller.current = started;
    return () => {
      since.current = started.since();
      controller.abort();
      poller.current = null;
    };
  }, [run, intervalMs, immediate, kinds]);

  const now = useCallback(() => poller.current?.now(), []);
  return { now };
}
