import { setupEndpoints } from '@scrapper/contracts/http/setup';
import type { SetupStatus } from '@scrapper/contracts/http/setup';
import { call } from '@/lib/api-client.ts';

export function getSetupStatus(signal?: AbortSignal): Promise<SetupStatus> {
  return call(setupEndpoints.status, { signal });
}
