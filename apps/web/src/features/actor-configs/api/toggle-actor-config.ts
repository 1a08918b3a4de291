import { actorConfigEndpoints } from '@scrapper/contracts/http/actor-configs';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

export function toggleActorConfig(platformId: string, isActive: boolean): Promise<ActorConfig> {
  return call(actorConfigEndpoints.toggleActive, { params: { platformId }, body: { isActive } });
}
