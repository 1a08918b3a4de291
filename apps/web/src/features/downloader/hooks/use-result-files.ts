import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listResultFiles } from '../api/list-result-files.ts';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** The result files the selector offers, reloaded when the admin's username filter changes. */
export function useResultFiles(username: string | undefined) {
  const [files, setFiles] = useState<ResultFileSummary[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    listResultFiles(username, controller.signal)
      .then((list) => {
        setFiles(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [username]);

  return { files, status };
}
