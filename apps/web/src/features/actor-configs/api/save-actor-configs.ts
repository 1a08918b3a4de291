import { endpoints } from '@scrapper/contracts/http';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

/** Replaces the whole list (spec: save, edit and delete all send the full list). */
export function saveActorConfigs(list: ActorConfig[]): Promise<ActorConfig[]> {
  return call(endpoints.actorConfigs.saveAll, { body: list });
}
