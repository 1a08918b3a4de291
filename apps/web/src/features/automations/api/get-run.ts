import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type { AutomationRunDetail } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

export function getRun(
  id: string,
  runId: string,
  signal?: AbortSignal,
): Promise<AutomationRunDetail> {
  return call(automationEndpoints.getRun, { params: { id, runId }, signal });
}
