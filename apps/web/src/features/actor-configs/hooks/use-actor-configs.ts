import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listActorConfigs } from '../api/list-actor-configs.ts';

export type ActorConfigsStatus = 'loading' | 'error' | 'ready';

/** Every actor config, loaded on mount; saves replace the list with the server's answer. */
export function useActorConfigs() {
  const [configs, setConfigs] = useState<ActorConfig[]>([]);
  const [status, setStatus] = useState<ActorConfigsStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    listActorConfigs(controller.signal)
      .then((list) => {
        setConfigs(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((config: ActorConfig) => {
    setConfigs((list) =>
      list.some((c) => c.platformId === config.platformId)
        ? list.map((c) => (c.platformId === config.platformId ? config : c))
        : [...list, config],
    );
  }, []);

  return { configs, status, reload, setConfigs, replace };
}
