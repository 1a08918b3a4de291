import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type Endpoint } from '@scrapper/contracts/http';
import { ErrorResponseSchema } from '@scrapper/contracts/common';
import { findMaintenanceRun, listMaintenanceRuns } from '@scrapper/db/queries/maintenance';
import { listLiveWorkers } from '@scrapper/db/queries/workers';
import { notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { authorizeMetrics } from '../../services/system/authorize-metrics.ts';
import { createReadinessCheck } from '../../services/system/check-readiness.ts';
import { createMetricsCollector } from '../../services/system/collect-metrics.ts';
import { PROMETHEUS_CONTENT_TYPE } from '../../services/system/prometheus-text.ts';
import { startMaintenance } from '../../services/system/start-maintenance.ts';
import { toMaintenanceRunDto, toWorkerDto } from '../../services/system/to-system-dto.ts';
import type { AppDeps } from '../../app-deps.ts';

/** A worker that has not sent a heartbeat for this long is flagged stale (and not counted alive). */
export const WORKER_ALIVE_SECONDS = 60;
/** The admin view lists workers heard from within this window; older rows are the sweep's. */
export const WORKER_LIST_SECONDS = 3600;

/**
 * Registers an endpoint of the contracts whose handler sets the status itself (readiness answers
 * 200 or 503 with one body) or sends a body that is not JSON (metrics): access, summary and
 * tags still come from the contract.
 */
function defineRawRoute(
  app: FastifyInstance,
  endpoint: Endpoint,
  schema: { response: Record<number | string, unknown>; security?: Array<Record<string, string[]>> },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema: { summary: endpoint.summary, tags: endpoint.tags, ...schema },
    handler,
  });
}

export function systemRoutes(app: FastifyInstance, { env, database, boss }: AppDeps): void {
  // Liveness: answers while the process runs, database or not (readiness says the rest).
  defineRoute(app, endpoints.system.health, async () => ({ status: 'ok' as const }));

  // While the server drains (SIGTERM), Fastify itself answers every new request, this one
  // included, with 503 and `Connection: close`, so a load balancer moves on.
  const checkReadiness = createReadinessCheck(database);
  const readyResponse = endpoints.system.ready.response;
  defineRawRoute(app, endpoints.system.ready, { response: { 200: readyResponse, 503: readyResponse } }, async (_request, reply) => {
    const result = await checkReadiness();
    return reply.code(result.status === 'ready' ? 200 : 503).header('cache-control', 'no-store').send(result);
  });

  const collectMetrics = createMetricsCollector(database, app.metrics, { workerAliveSeconds: WORKER_ALIVE_SECONDS });
  const metricsSchema = { response: { '4XX': ErrorResponseSchema }, security: [{ bearerAuth: [] }] };
  defineRawRoute(app, endpoints.system.metrics, metricsSchema, async (request, reply) => {
    await authorizeMetrics(request.headers.authorization, {
      db: database.db,
      jwtSecret: env.jwtSecret,
      metricsToken: env.metricsToken,
      apiTokenRateLimitPerMinute: env.apiTokenRateLimitPerMinute,
    });
    return reply.header('content-type', PROMETHEUS_CONTENT_TYPE).header('cache-control', 'no-store').send(await collectMetrics());
  });

  defineRoute(app, endpoints.system.listWorkers, async () => {
    const now = Date.now();
    const rows = await listLiveWorkers(database.db, new Date(now - WORKER_LIST_SECONDS * 1000));
    return rows.map((row) => toWorkerDto(row, new Date(now - WORKER_ALIVE_SECONDS * 1000)));
  });
  defineRoute(app, endpoints.system.startMaintenance, ({ user }) =>
    startMaintenance(database, boss, user.id),
  );
  defineRoute(app, endpoints.system.listMaintenanceRuns, async ({ query }) =>
    (await listMaintenanceRuns(database.db, query.limit)).map(toMaintenanceRunDto),
  );
  defineRoute(app, endpoints.system.getMaintenance, async ({ params }) => {
    const row = await findMaintenanceRun(database.db, params.id);
    if (!row) throw notFound('Proses pemeliharaan tidak ditemukan.');
    return toMaintenanceRunDto(row);
  });
}
