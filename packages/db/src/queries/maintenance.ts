import { and, eq, inArray } from 'drizzle-orm';
import type { MaintenanceResult } from '@scrapper/contracts/http/system';
import type { Db } from '../client.ts';
import { maintenanceRuns, type MaintenanceRunRow } from '../schema/maintenance-runs.ts';

export async function insertMaintenanceRun(db: Db, requestedBy: string | null): Promise<MaintenanceRunRow> {
  const [row] = await db.insert(maintenanceRuns).values({ requestedBy }).returning();
  if (!row) throw new Error('insert into maintenance_runs returned no row');
  return row;
}

export async function findMaintenanceRun(db: Db, id: string): Promise<MaintenanceRunRow | undefined> {
  const [row] = await db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, id)).limit(1);
  return row;
}

/** Claims a run for a worker; a run already finished is left alone (jobs may run twice). */
export async function markMaintenanceRunning(db: Db, id: string, workerId: string): Promise<boolean> {
  const rows = await db
    .update(maintenanceRuns)
    .set({ status: 'running', workerId, startedAt: new Date() })
    .where(and(eq(maintenanceRuns.id, id), inArray(maintenanceRuns.status, ['queued', 'running'])))
    .returning({ id: maintenanceRuns.id });
  return rows.length > 0;
}

export async function markMaintenanceCompleted(db: Db, id: string, result: MaintenanceResult): Promise<void> {
  await db
    .update(maintenanceRuns)
    .set({ status: 'completed', result, error: null, finishedAt: new Date() })
    .where(eq(maintenanceRuns.id, id));
}

export async function markMaintenanceFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(maintenanceRuns)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(eq(maintenanceRuns.id, id));
}
