import { automationEndpoints } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

export async function deleteAutomation(id: string): Promise<void> {
  await call(automationEndpoints.delete, { params: { id } });
}
