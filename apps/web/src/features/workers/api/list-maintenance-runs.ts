import { systemEndpoints, type MaintenanceRun } from '@scrapper/contracts/http/system';
import { call } from '@/lib/api-client.ts';

/** The newest maintenance runs, newest first (scheduled, at worker start, or by an admin). */
export function listMaintenanceRuns(signal?: AbortSignal): Promise<MaintenanceRun[]> {
  return call(systemEndpoints.listMaintenanceRuns, { query: { limit: 1 }, signal });
}
