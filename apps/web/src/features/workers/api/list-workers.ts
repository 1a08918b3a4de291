import { systemEndpoints } from '@scrapper/contracts/http/system';
import type { Worker } from '@scrapper/contracts/http/system';
import { call } from '@/lib/api-client.ts';

/** Worker processes heard from in the last hour (the silent ones flagged stale). */
export function listWorkers(signal?: AbortSignal): Promise<Worker[]> {
  return call(systemEndpoints.listWorkers, { signal });
}
