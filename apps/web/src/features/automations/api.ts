import { automationEndpoints } from '@scrapper/contracts/http/automations';
import type {
  Automation,
  AutomationRun,
  AutomationRunDetail,
  CreateAutomationBody,
  UpdateAutomationBody,
} from '@scrapper/contracts/http/automations';
import { call } from '@/lib/api-client.ts';
import { MAX_PAGE_SIZE } from '@scrapper/contracts/common';

export function createAutomation(body: CreateAutomationBody): Promise<Automation> {
  return call(automationEndpoints.create, { body });
}

export async function deleteAutomation(id: string): Promise<void> {
  await call(automationEndpoints.delete, { params: { id } });
}

export function getRun(
  id: string,
  runId: string,
  signal?: AbortSignal,
): Promise<AutomationRunDetail> {
  return call(automationEndpoints.getRun, { params: { id, runId }, signal });
}

/** The caller's automations (an admin's: everyone's), newest first, up to one full page. */
export async function listAutomations(signal?: AbortSignal): Promise<Automation[]> {
  const page = await call(automationEndpoints.list, {
    query: { offset: 0, limit: MAX_PAGE_SIZE },
    signal,
  });
  return page.automations;
}

/** The newest runs of an automation (the run panel lists the last few). */
export async function listRuns(id: string, signal?: AbortSignal): Promise<AutomationRun[]> {
  const page = await call(automationEndpoints.runs, {
    params: { id },
    query: { offset: 0, limit: 20 },
    signal,
  });
  return page.runs;
}

export function pauseAutomation(id: string): Promise<Automation> {
  return call(automationEndpoints.pause, { params: { id } });
}

export function resumeAutomation(id: string): Promise<Automation> {
  return call(automationEndpoints.resume, { params: { id } });
}

/** "Jalankan sekarang": the new run's id (409 while a run is in progress). */
export async function runAutomation(id: string): Promise<string> {
  const { runId } = await call(automationEndpoints.run, { params: { id } });
  return runId;
}

export function updateAutomation(id: string, body: UpdateAutomationBody): Promise<Automation> {
  return call(automationEndpoints.update, { params: { id }, body });
}
