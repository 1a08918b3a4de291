import { endpoints } from '@scrapper/contracts/http';
import type { Worker } from '@scrapper/contracts/http/system';
import { call } from '@/lib/api-client.ts';

/** Worker processes heard from in the last hour (the silent ones flagged stale). */
export function listWorkers(signal?: AbortSignal): Promise<Worker[]> {
  return call(endpoints.system.listWorkers, { signal });
}
