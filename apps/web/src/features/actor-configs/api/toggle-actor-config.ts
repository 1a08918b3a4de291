import { endpoints } from '@scrapper/contracts/http';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';

export function toggleActorConfig(platformId: string, isActive: boolean): Promise<ActorConfig> {
  return call(endpoints.actorConfigs.toggleActive, { params: { platformId }, body: { isActive } });
}
