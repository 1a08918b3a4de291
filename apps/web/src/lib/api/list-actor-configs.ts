import { actorConfigEndpoints } from '@scrapper/contracts/http/actor-configs';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

export function listActorConfigs(signal?: AbortSignal): Promise<ActorConfig[]> {
  return call(actorConfigEndpoints.list, { signal });
}
