import { actorConfigEndpoints } from '@scrapper/contracts/http/actor-configs';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

/** Replaces the whole list (spec: save, edit and delete all send the full list). */
export function saveActorConfigs(list: ActorConfig[]): Promise<ActorConfig[]> {
  return call(actorConfigEndpoints.saveAll, { body: list });
}
