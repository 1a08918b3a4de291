import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type { Automation } from '@scrapper/contracts/http/automations';
import { MAX_PAGE_SIZE } from '@scrapper/contracts/common';
import { call } from '@/lib/api-client.ts';

/** The caller's automations (an admin's: everyone's), newest first, up to one full page. */
export async function listAutomations(signal?: AbortSignal): Promise<Automation[]> {
  const page = await call(automationEndpoints.list, {
    query: { offset: 0, limit: MAX_PAGE_SIZE },
    signal,
  });
  return page.automations;
}
