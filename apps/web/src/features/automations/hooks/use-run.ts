import type { AutomationRunDetail } from '@scrapper/contracts/http/automations';
import { useCallback, useState } from 'react';
import { usePolling } from '@/hooks/use-polling.ts';
import { isAbortError } from '@/lib/api-error.ts';
import { getRun } from '../api.ts';

/** How often a running run is asked for again. */
export const RUN_POLL_MS = 2000;

export type RunState =
  | { status: 'loading'; run: AutomationRunDetail | null }
  | { status: 'ready'; run: AutomationRunDetail }
  | { status: 'error'; run: AutomationRunDetail | null };

/** One run, polled while it is running (its counts grow as it goes) and left alone after. */
export function useRun(automationId: string, runId: string) {
  const [state, setState] = useState<RunState>({ status: 'loading', run: null });
  const [finished, setFinished] = useState(false);

  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        const run = await getRun(automationId, runId, signal);
        if (signal.aborted) return;
        setState({ status: 'ready', run });
        if (run.status !== 'running') setFinished(true);
      } catch (error) {
        if (signal.aborted || isAbortError(error)) return;
        console.error('Gagal memuat run otomasi.', error);
        setState((current) => ({ status: 'error', run: current.run }));
      }
    },
    [automationId, runId],
  );
  // Once the run is over nothing more happens to it: polling stops.
  const { now } = usePolling(finished ? null : load, RUN_POLL_MS, { events: ['automation.run'] });
  const retry = useCallback(() => {
    setFinished(false);
    now();
  }, [now]);
  return { ...state, retry };
}
