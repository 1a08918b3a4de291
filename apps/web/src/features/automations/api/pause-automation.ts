import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type { Automation } from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';

export function pauseAutomation(id: string): Promise<Automation> {
  return call(automationEndpoints.pause, { params: { id } });
}

export function resumeAutomation(id: string): Promise<Automation> {
  return call(automationEndpoints.resume, { params: { id } });
}
