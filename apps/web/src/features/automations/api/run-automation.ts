import { automationEndpoints } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

/** "Jalankan sekarang": the new run's id (409 while a run is in progress). */
export async function runAutomation(id: string): Promise<string> {
  const { runId } = await call(automationEndpoints.run, { params: { id } });
  return runId;
}
