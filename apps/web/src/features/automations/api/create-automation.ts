import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type { Automation, CreateAutomationBody } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

export function createAutomation(body: CreateAutomationBody): Promise<Automation> {
  return call(automationEndpoints.create, { body });
}
