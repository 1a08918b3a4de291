import { systemEndpoints } from '@scrapper/contracts/http/system';
import type { MaintenanceRun, Worker } from '@scrapper/contracts/http/system';
import { call } from '@/lib/api-client.ts';

/** The newest maintenance runs, newest first (scheduled, at worker start, or by an admin). */
export function listMaintenanceRuns(signal?: AbortSignal): Promise<MaintenanceRun[]> {
  return call(systemEndpoints.listMaintenanceRuns, { query: { limit: 1 }, signal });
}

/** Worker processes heard from in the last hour (the silent ones flagged stale). */
export function listWorkers(signal?: AbortSignal): Promise<Worker[]> {
  return call(systemEndpoints.listWorkers, { signal });
}

/** Queues a sweep now; the worker that takes it records what it removed. */
export function startMaintenance(): Promise<MaintenanceRun> {
  return call(systemEndpoints.startMaintenance);
}
