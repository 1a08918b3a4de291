import { MaintenanceResultSchema, type MaintenanceRun, type Worker } from '@scrapper/contracts/http/system';
import type { MaintenanceRunRow, WorkerHeartbeatRow } from '@scrapper/db/schema';

export function toMaintenanceRunDto(row: MaintenanceRunRow): MaintenanceRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    // Runs recorded before issue 15 lack the newer counts: they read as 0.
    result: row.result ? MaintenanceResultSchema.parse(row.result) : null,
    error: row.error,
    requestedBy: row.requestedBy,
    workerId: row.workerId,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** `aliveSince`: a worker silent since before this instant is flagged stale. */
export function toWorkerDto(row: WorkerHeartbeatRow, aliveSince: Date): Worker {
  return {
    id: row.id,
    hostname: row.hostname,
    pid: row.pid,
    queues: row.queues,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isStale: row.lastSeenAt < aliveSince,
  };
}
