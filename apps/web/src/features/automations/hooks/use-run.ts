import type { AutomationRunDetail } from '@scrapper/contracts/http/automations';
import { useCallback, useState } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { getRun } from '../api.ts';

/** How often a running run is asked for again. */
export const RUN_POLL_MS = 2000;

export type RunState =
  | { status: 'loading'; run: AutomationRunDetail | null }
  | { status: 'ready'; run: AutomationRunDetail }
  | { status: 'error'; run: AutomationRunDetail | null };

/**
 * One run, polled while it is running (its counts grow as it goes) and left alone after. A
 * failed load says 'error' until a load succeeds; the run last loaded stays shown meanwhile.
 */
export function useRun(automationId: string, runId: string) {
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    async (signal: AbortSignal): Promise<AutomationRunDetail | null> => {
      const run = await getRun(automationId, runId, signal);
      setFailed(false);
      return run;
    },
    [automationId, runId],
  );
  const { data: run, reload } = useResource(load, null, {
    // Once the run is over nothing more happens to it: polling stops.
    refreshMs: (shown) => (shown && shown.status !== 'running' ? null : RUN_POLL_MS),
    events: ['automation.run'],
    onError: (error) => {
      console.error('Gagal memuat run otomasi.', error);
      setFailed(true);
    },
  });
  const state: RunState = failed
    ? { status: 'error', run }
    : run
      ? { status: 'ready', run }
      : { status: 'loading', run: null };
  return { ...state, retry: reload };
}
