import type { Automation } from '@scrapper/contracts/http/automations';
import { useCallback } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { listAutomations } from '../api.ts';
import { isRunning } from '../utils/describe.ts';

const NONE: Automation[] = [];

/** While a run is in progress the list follows it closely; otherwise it refreshes slowly. */
function refreshMs(automations: Automation[]): number {
  return automations.some(isRunning) ? 3000 : 30_000;
}

function logFailure(error: unknown) {
  console.error('Gagal memuat otomasi.', error);
}

/** The automations on the page, with local updates after a save, a pause or a delete. */
export function useAutomations() {
  const { data, setData, status, reload } = useResource(listAutomations, NONE, {
    refreshMs,
    onError: logFailure,
    events: ['automation.run'],
  });
  const upsert = useCallback(
    (automation: Automation) =>
      setData((current) =>
        current.some((a) => a.id === automation.id)
          ? current.map((a) => (a.id === automation.id ? automation : a))
          : [automation, ...current],
      ),
    [setData],
  );
  const remove = useCallback(
    (id: string) => setData((current) => current.filter((a) => a.id !== id)),
    [setData],
  );
  return { automations: data, status, reload, upsert, remove };
}
