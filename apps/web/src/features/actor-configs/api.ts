import { actorConfigEndpoints } from '@scrapper/contracts/http/actor-configs';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { call } from '@/lib/api-client.ts';
import { codegenEndpoints } from '@scrapper/contracts/http/codegen';
import type { GeneratedCode } from '@scrapper/contracts/http/codegen';

export function cloneActorConfig(platformId: string): Promise<ActorConfig> {
  return call(actorConfigEndpoints.clone, { params: { platformId } });
}

/** The six code files for one actor configuration (spec part 1: `data.data.generatedCode`). */
export async function generateCode(
  actor: ActorConfig,
  signal?: AbortSignal,
): Promise<GeneratedCode> {
  const response = await call(codegenEndpoints.generate, { body: actor, signal });
  return response.data.generatedCode;
}

/** Replaces the whole list (spec: save, edit and delete all send the full list). */
export function saveActorConfigs(list: ActorConfig[]): Promise<ActorConfig[]> {
  return call(actorConfigEndpoints.saveAll, { body: list });
}

export function toggleActorConfig(platformId: string, isActive: boolean): Promise<ActorConfig> {
  return call(actorConfigEndpoints.toggleActive, { params: { platformId }, body: { isActive } });
}
