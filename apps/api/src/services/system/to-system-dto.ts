import type { MaintenanceRun, Worker } from '@scrapper/contracts/http/system';
import type { MaintenanceRunRow, WorkerHeartbeatRow } from '@scrapper/db/schema';

export function toMaintenanceRunDto(row: MaintenanceRunRow): MaintenanceRun {
  return {
    id: row.id,
    status: row.status,
    result: row.result ?? null,
    error: row.error,
    requestedBy: row.requestedBy,
    workerId: row.workerId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function toWorkerDto(row: WorkerHeartbeatRow): Worker {
  return {
    id: row.id,
    hostname: row.hostname,
    pid: row.pid,
    queues: row.queues,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}
