import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type { AutomationRun } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

/** The newest runs of an automation (the run panel lists the last few). */
export async function listRuns(id: string, signal?: AbortSignal): Promise<AutomationRun[]> {
  const page = await call(automationEndpoints.runs, {
    params: { id },
    query: { offset: 0, limit: 20 },
    signal,
  });
  return page.runs;
}
