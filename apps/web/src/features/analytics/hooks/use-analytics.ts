import type { Analytics } from '@scrapper/contracts/http/analytics';
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { getAnalytics } from '../api/get-analytics.ts';

export type AnalyticsStatus = 'loading' | 'error' | 'ready';

/**
 * The dashboard figures, loaded on mount and again on `reload`. While a reload runs the
 * previous figures stay on screen (status 'loading' with data), so the page does not jump.
 */
export function useAnalytics() {
  const [data, setData] = useState<Analytics | null>(null);
  const [status, setStatus] = useState<AnalyticsStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getAnalytics(controller.signal)
      .then((figures) => {
        setData(figures);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, status, reload };
}
