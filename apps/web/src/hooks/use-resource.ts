import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { isAbortError } from '@/lib/api-error.ts';

export type ResourceStatus = 'loading' | 'error' | 'ready';

export interface Resource<T> {
  data: T;
  setData: Dispatch<SetStateAction<T>>;
  status: ResourceStatus;
  /** Loads again; the current data stays on screen meanwhile (status 'loading'). */
  reload: () => void;
}

/**
 * Loads on mount and on `reload`, aborting a load the component no longer waits for.
 * `load` must be stable (a module-level API function): it is an effect dependency.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, initial: T): Resource<T> {
  const [data, setData] = useState<T>(initial);
  const [status, setStatus] = useState<ResourceStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    load(controller.signal)
      .then((loaded) => {
        setData(loaded);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, setData, status, reload };
}
