import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MaintenanceResult, MaintenanceTrigger } from '@scrapper/contracts/http/system';
import type { Db } from '../client.ts';
import { maintenanceRuns, type MaintenanceRunRow } from '../schema/maintenance-runs.ts';

export async function insertMaintenanceRun(
  db: Db,
  requestedBy: string | null,
  trigger: MaintenanceTrigger = 'admin',
): Promise<MaintenanceRunRow> {
  const [row] = await db.insert(maintenanceRuns).values({ requestedBy, trigger }).returning();
  if (!row) throw new Error('insert into maintenance_runs returned no row');
  return row;
}

/**
 * The start run of a worker, unless one was recorded within `withinSeconds`: several workers
 * starting together (a deploy, `--scale worker=N`) record one run between them. Call it inside
 * a transaction: the advisory lock is held until that commits, so the second worker sees the
 * first one's row (or it rolled back, and the second records its own).
 */
export async function insertStartRunUnlessRecent(db: Db, withinSeconds: number): Promise<MaintenanceRunRow | undefined> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('scrapper:maintenance-start-run'))`);
  const [recent] = await db
    .select({ id: maintenanceRuns.id })
    .from(maintenanceRuns)
    .where(
      and(
        eq(maintenanceRuns.trigger, 'start'),
        sql`${maintenanceRuns.createdAt} > now() - make_interval(secs => ${withinSeconds})`,
      ),
    )
    .limit(1);
  if (recent) return undefined;
  return insertMaintenanceRun(db, null, 'start');
}

export async function findMaintenanceRun(db: Db, id: string): Promise<MaintenanceRunRow | undefined> {
  const [row] = await db.select().from(maintenanceRuns).where(eq(maintenanceRuns.id, id)).limit(1);
  return row;
}

/** The newest runs, newest first (the admin Worker tab shows the last one). */
export async function listMaintenanceRuns(db: Db, limit: number): Promise<MaintenanceRunRow[]> {
  return db.select().from(maintenanceRuns).orderBy(desc(maintenanceRuns.createdAt), desc(maintenanceRuns.id)).limit(limit);
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
