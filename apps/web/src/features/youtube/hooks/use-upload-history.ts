import type { Upload } from '@scrapper/contracts/http/youtube';
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listUploads } from '../api/list-uploads.ts';
import { HISTORY_POLL_MS, shouldPollUploads } from '../utils/upload-history.ts';

export type HistoryStatus = 'loading' | 'ready' | 'error';

/**
 * The upload history. While an upload is scheduled or processing the list is read again
 * every 5 s (each read starts after the previous one ended), so the status, progress and the
 * YouTube link appear without a reload; polling stops once nothing is pending.
 */
export function useUploadHistory() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [status, setStatus] = useState<HistoryStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    listUploads(controller.signal)
      .then((list) => {
        setUploads(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [attempt]);

  const pending = shouldPollUploads(uploads);

  useEffect(() => {
    if (!pending) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    async function tick() {
      try {
        setUploads(await listUploads(controller.signal));
      } catch {
        // A failed poll keeps the list shown; the next one tries again.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), HISTORY_POLL_MS);
    }
    timer = setTimeout(() => void tick(), HISTORY_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [pending]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  /** Shows the server's answer to a change at once (the next read confirms it). */
  const replace = useCallback((next: Upload) => {
    setUploads((current) => current.map((upload) => (upload.id === next.id ? next : upload)));
  }, []);
  return { uploads, status, pending, reload, replace };
}
