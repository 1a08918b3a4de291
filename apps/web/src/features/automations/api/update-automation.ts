import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type { Automation, UpdateAutomationBody } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

export function updateAutomation(id: string, body: UpdateAutomationBody): Promise<Automation> {
  return call(automationEndpoints.update, { params: { id }, body });
}
