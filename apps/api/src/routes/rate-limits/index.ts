import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { listRateLimits, setRateLimit } from '../../services/rate-limits/rate-limits.ts';
import type { AppDeps } from '../../app-deps.ts';

export function rateLimitRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.rateLimits.list, () => listRateLimits(database));
  defineRoute(app, endpoints.rateLimits.set, ({ params, body }) => setRateLimit(database, params.platform, body.requestsPerMinute));
}
