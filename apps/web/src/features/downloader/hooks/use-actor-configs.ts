import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { useEffect, useState } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { onActorConfigRefresh } from '@/lib/actor-config-refresh.ts';
import { listActorConfigs } from '@/lib/api/list-actor-configs.ts';

const NONE: ActorConfig[] = [];

function logFailure(error: unknown) {
  console.error('Gagal memuat konfigurasi aktor.', error);
}

/**
 * The actor configs (platform names, whether previews are on), reloaded when the admin
 * presses 'Refresh Downloader' in this tab or another. `version` counts the loads that have
 * settled: the item list reloads when it changes, since the server maps the items with
 * these configs. A failed load keeps the last list (logged only) and still counts, so the
 * items do not wait for configs that will not come.
 */
export function useActorConfigs() {
  const { data: configs, status, reload } = useResource(listActorConfigs, NONE, {
    onError: logFailure,
  });
  const [version, setVersion] = useState(0);

  useEffect(() => onActorConfigRefresh(reload), [reload]);
  useEffect(() => {
    if (status !== 'loading') setVersion((n) => n + 1);
  }, [status]);

  return { configs, version };
}
