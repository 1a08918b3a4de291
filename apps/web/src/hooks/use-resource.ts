import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import type { LiveEventKind } from '@scrapper/contracts/http/events';
import { isAbortError } from '@/lib/api-error.ts';
import { startPolling, type Poller } from '@/lib/poll.ts';

export type ResourceStatus = 'loading' | 'error' | 'ready';

export interface Resource<T> {
  data: T;
  setData: Dispatch<SetStateAction<T>>;
  /** 'loading' too while a new `load` has not answered yet (the data shown is the old one's). */
  status: ResourceStatus;
  /** What the last load threw (status 'error'), for a message that depends on it. */
  error: unknown;
  /** Loads again; the current data stays on screen meanwhile (status 'loading'). */
  reload: () => void;
}

export interface ResourceOptions<T> {
  /**
   * Load again this long after each load has ended (lib/poll.ts: never two loads at once);
   * null or unset: only on mount, when `load` changes and on `reload`. A function reads it
   * from the data shown (e.g. sooner while a job runs). A change restarts the wait under way,
   * without loading at once.
   */
  refreshMs?: number | null | ((data: T) => number | null);
  /** Called with a failure other than an abort (e.g. to log it) before the status turns 'error'. */
  onError?: (error: unknown) => void;
  /**
   * Live event kinds that change this data (lib/events.ts): while the stream is connected the
   * resource loads again on each of them and `refreshMs` waits; when it is not, it polls.
   */
  events?: readonly LiveEventKind[];
}

/**
 * Loads on mount, on `reload` and every `refreshMs`, aborting a load the component no longer
 * waits for. `load` must be stable (a module-level API function, or a `useCallback` over the
 * values it reads): a new one starts over.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  initial: T,
  { refreshMs = null, onError, events }: ResourceOptions<T> = {},
): Resource<T> {
  const [data, setData] = useState<T>(initial);
  // The status with the load it belongs to: a new `load` is 'loading' from its first render.
  const [settled, setSettled] = useState<{ status: ResourceStatus; error: unknown; load: unknown }>(
    { status: 'loading', error: undefined, load },
  );
  const every = typeof refreshMs === 'function' ? refreshMs(data) : refreshMs;
  const poller = useRef<Poller | null>(null);
  const refresh = useRef(every);
  const report = useRef(onError);
  const kinds = events?.join(',') ?? '';

  useEffect(() => {
    report.current = onError;
  });

  useEffect(() => {
    const controller = new AbortController();
    poller.current = startPolling({
      intervalMs: refresh.current,
      signal: controller.signal,
      events: kinds ? (kinds.split(',') as LiveEventKind[]) : undefined,
      run: async (signal) => {
        setSettled({ status: 'loading', error: undefined, load });
        try {
          const loaded = await load(signal);
          if (signal.aborted) return;
          setData(loaded);
          setSettled({ status: 'ready', error: undefined, load });
        } catch (error) {
          if (signal.aborted || isAbortError(error)) return;
          report.current?.(error);
          setSettled({ status: 'error', error, load });
        }
      },
    });
    return () => {
      controller.abort();
      poller.current = null;
    };
  }, [load, kinds]);

  useEffect(() => {
    if (refresh.current === every) return;
    refresh.current = every;
    poller.current?.setIntervalMs(every);
  }, [every]);

  const reload = useCallback(() => poller.current?.now(), []);
  const current = settled.load === load;
  return {
    data,
    setData,
    status: current ? settled.status : 'loading',
    error: current ? settled.error : undefined,
    reload,
  };
}
