import { systemEndpoints, type MaintenanceRun } from '@scrapper/contracts/http/system';
import { call } from '@/lib/api-client.ts';

/** Queues a sweep now; the worker that takes it records what it removed. */
export function startMaintenance(): Promise<MaintenanceRun> {
  return call(systemEndpoints.startMaintenance);
}
