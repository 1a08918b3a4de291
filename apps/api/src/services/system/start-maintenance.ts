import type { MaintenanceRun } from '@scrapper/contracts/http/system';
import type { Database } from '@scrapper/db/client';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import { toMaintenanceRunDto } from './to-system-dto.ts';

/** The run row and its job are written in one transaction: both exist, or neither. */
export async function startMaintenance(database: Database, boss: Boss, requestedBy: string): Promise<MaintenanceRun> {
  return database.transaction(async ({ db, sql }) => {
    const run = await insertMaintenanceRun(db, requestedBy);
    await enqueue(boss, 'maintenance.sweep', { runId: run.id }, { db: bossTransaction(sql), singletonKey: run.id });
    return toMaintenanceRunDto(run);
  });
}
