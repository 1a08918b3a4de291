import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { listToolStatus, type ToolStatusWindows } from '../../services/tools/list-tool-status.ts';
import { WORKER_ALIVE_SECONDS, WORKER_LIST_SECONDS } from '../system/index.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The same workers, and the same stale flag, as the admin's Worker tab. */
const WINDOWS: ToolStatusWindows = { listSeconds: WORKER_LIST_SECONDS, aliveSeconds: WORKER_ALIVE_SECONDS };

/** Admin tab "Alat & Layanan" and its header badge: what each worker runs, and what needs an admin. */
export function toolRoutes(app: FastifyInstance, { database, env }: AppDeps): void {
  // This API process's own fetching settings: a warning of their own when the guard is not fully on.
  const apiNetwork = { allowPrivateNetworkFetch: env.fetchPolicy.allowPrivateNetwork, allowHosts: env.fetchPolicy.allowHosts };
  defineRoute(app, endpoints.tools.list, () => listToolStatus(database.db, WINDOWS, apiNetwork));
  // The badge polls this with the notifications: only the warnings travel.
  defineRoute(app, endpoints.tools.warnings, async () => ({ warnings: (await listToolStatus(database.db, WINDOWS, apiNetwork)).warnings }));
}
