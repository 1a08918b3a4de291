import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listFiles } from '../api/list-files.ts';
import type { FileList, FileQuery } from '../api/list-files.ts';

export type FilesStatus = 'loading' | 'ready' | 'error';

const EMPTY: FileList = {
  files: [],
  stats: { totalFiles: 0, formattedTotalSize: '0 B', platforms: [] },
};

/** The file list for the filters; reloaded when they change, or on demand after a delete. */
export function useFiles(query: FileQuery) {
  const [data, setData] = useState<FileList>(EMPTY);
  const [status, setStatus] = useState<FilesStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const { platform, sortBy, order } = query;

  useEffect(() => {
    const controller = new AbortController();
    setStatus((current) => (current === 'ready' ? current : 'loading'));
    listFiles({ platform, sortBy, order }, controller.signal)
      .then((list) => {
        setData(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [platform, sortBy, order, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, status, reload };
}
