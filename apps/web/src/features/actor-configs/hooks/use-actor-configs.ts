import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { useCallback } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { listActorConfigs } from '@/lib/api/list-actor-configs.ts';

const NONE: ActorConfig[] = [];

/** Every actor config, loaded on mount; saves replace the list with the server's answer. */
export function useActorConfigs() {
  const {
    data: configs,
    setData: setConfigs,
    status,
    reload,
  } = useResource(listActorConfigs, NONE);
  const replace = useCallback(
    (config: ActorConfig) => {
      setConfigs((list) =>
        list.some((c) => c.platformId === config.platformId)
          ? list.map((c) => (c.platformId === config.platformId ? config : c))
          : [...list, config],
      );
    },
    [setConfigs],
  );

  return { configs, status, reload, setConfigs, replace };
}
