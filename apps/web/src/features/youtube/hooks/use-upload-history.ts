import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { useCallback } from 'react';
import { usePolling } from '@/hooks/use-polling.ts';
import { useResource, type ResourceStatus } from '@/hooks/use-resource.ts';
import { listUploads } from '../api.ts';
import { HISTORY_POLL_MS, shouldPollUploads } from '../utils/upload-status.ts';

export type HistoryStatus = ResourceStatus;

const NONE: Upload[] = [];

/**
 * The upload history. While an upload is scheduled or processing the list is read again
 * every 5 s (each read starts after the previous one ended), so the status, progress and the
 * YouTube link appear without a reload; polling stops once nothing is pending. A failed poll
 * keeps the list shown (no error): the next one tries again.
 */
export function useUploadHistory() {
  const { data: uploads, setData: setUploads, status, reload } = useResource(listUploads, NONE);
  const pending = shouldPollUploads(uploads);

  const poll = useCallback(
    async (signal: AbortSignal) => {
      const list = await listUploads(signal);
      if (!signal.aborted) setUploads(list);
    },
    [setUploads],
  );
  usePolling(pending ? poll : null, HISTORY_POLL_MS, { immediate: false, events: ['upload'] });

  /** Shows the server's answer to a change at once (the next read confirms it). */
  const replace = useCallback(
    (next: Upload) => {
      setUploads((current) => current.map((upload) => (upload.id === next.id ? next : upload)));
    },
    [setUploads],
  );
  return { uploads, status, pending, reload, replace };
}
