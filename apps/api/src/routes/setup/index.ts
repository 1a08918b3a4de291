import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { getSetupStatus } from '../../services/setup/get-setup-status.ts';
import type { AppDeps } from '../../app-deps.ts';

export function setupRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.setup.status, () => getSetupStatus(database));
}
