import { codegenEndpoints } from '@scrapper/contracts/http/codegen';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { GeneratedCode } from '@scrapper/contracts/http/codegen';
import { call } from '@/lib/api-client.ts';

/** The six code files for one actor configuration (spec part 1: `data.data.generatedCode`). */
export async function generateCode(
  actor: ActorConfig,
  signal?: AbortSignal,
): Promise<GeneratedCode> {
  const response = await call(codegenEndpoints.generate, { body: actor, signal });
  return response.data.generatedCode;
}
