import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { useEffect, useState } from 'react';
import { onActorConfigRefresh } from '@/lib/actor-config-refresh.ts';
import { isAbortError } from '@/lib/api-error.ts';
import { listActorConfigs } from '../api/list-actor-configs.ts';

/**
 * The actor configs (platform names, whether previews are on), reloaded when the admin
 * presses 'Refresh Downloader' in this tab or another. `version` counts the loads that have
 * settled: the item list reloads when it changes, since the server maps the items with
 * these configs. A failed load keeps the last list (logged only) and still counts, so the
 * items do not wait for configs that will not come.
 */
export function useActorConfigs() {
  const [configs, setConfigs] = useState<ActorConfig[]>([]);
  const [version, setVersion] = useState(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => onActorConfigRefresh(() => setAttempt((n) => n + 1)), []);

  useEffect(() => {
    const controller = new AbortController();
    listActorConfigs(controller.signal)
      .then((list) => {
        setConfigs(list);
        setVersion((n) => n + 1);
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Gagal memuat konfigurasi aktor.', error);
        setVersion((n) => n + 1);
      });
    return () => controller.abort();
  }, [attempt]);

  return { configs, version };
}
