import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { generateActorCode } from '../../services/codegen/generate-actor-code.ts';
import { defineRoute } from '../../lib/define-route.ts';
import type { AppDeps } from '../../app-deps.ts';

export function codegenRoutes(app: FastifyInstance, _deps: AppDeps): void {
  defineRoute(app, endpoints.codegen.generate, async ({ body }) => ({
    success: true as const,
    data: { generatedCode: generateActorCode(body) },
  }));
}
