import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { findMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { listLiveWorkers } from '@scrapper/db/queries/workers';
import { notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { requireUser } from '../../plugins/access.ts';
import { startMaintenance } from '../../services/system/start-maintenance.ts';
import { toMaintenanceRunDto, toWorkerDto } from '../../services/system/to-system-dto.ts';
import type { AppDeps } from '../../app.ts';

/** A worker that has not sent a heartbeat for this long is not listed as alive. */
export const WORKER_ALIVE_SECONDS = 60;

export function systemRoutes(app: FastifyInstance, { database, boss }: AppDeps): void {
  defineRoute(app, endpoints.system.health, async () => {
    await database.sql`select 1`;
    return { status: 'ok' as const, database: 'ok' as const };
  });
  defineRoute(app, endpoints.system.listWorkers, async () => {
    const rows = await listLiveWorkers(database.db, new Date(Date.now() - WORKER_ALIVE_SECONDS * 1000));
    return rows.map(toWorkerDto);
  });
  defineRoute(app, endpoints.system.startMaintenance, ({ request }) =>
    startMaintenance(database, boss, requireUser(request).id),
  );
  defineRoute(app, endpoints.system.getMaintenance, async ({ params }) => {
    const row = await findMaintenanceRun(database.db, params.id);
    if (!row) throw notFound('Proses pemeliharaan tidak ditemukan.');
    return toMaintenanceRunDto(row);
  });
}
