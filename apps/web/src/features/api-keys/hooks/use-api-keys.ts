import type { ApiKey } from '@scrapper/contracts/http/keys';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isAbortError } from '@/lib/api-error.ts';
import { initialKeySelection, withActiveKey } from '../utils/key-selection.ts';
import type { ApiKeyOperations } from '../utils/key-operations.ts';

export type KeysStatus = 'loading' | 'error' | 'ready';

export const SET_ACTIVE_FAILED = 'Gagal mengatur kunci aktif.';

/**
 * The keys of one type and the selected one. On load the active key is selected; with keys
 * but none active, the first is selected and made active on the server (spec part 2,
 * section 4). `operations` must be stable (a module-level object): it is an effect dependency.
 */
export function useApiKeys(operations: ApiKeyOperations, reportError: (message: string) => void) {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [status, setStatus] = useState<KeysStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const reportRef = useRef(reportError);

  useEffect(() => {
    reportRef.current = reportError;
  });

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    operations
      .list(controller.signal)
      .then(async (list) => {
        const selection = initialKeySelection(list);
        setKeys(list);
        setSelectedId(selection.selectedId);
        setStatus('ready');
        if (!selection.activate) return;
        try {
          const active = await operations.setActive(selection.activate);
          if (!controller.signal.aborted) setKeys((current) => withActiveKey(current, active));
        } catch (error) {
          if (!isAbortError(error)) reportRef.current(errorMessage(error, SET_ACTIVE_FAILED));
        }
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [operations, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((key: ApiKey) => {
    setKeys((current) =>
      key.isActive ? withActiveKey(current, key) : current.map((k) => (k.id === key.id ? key : k)),
    );
  }, []);
  const append = useCallback((key: ApiKey) => {
    setKeys((current) => {
      const rest = current.filter((k) => k.id !== key.id);
      return key.isActive ? [...withActiveKey(rest, key), key] : [...rest, key];
    });
  }, []);

  return { keys, selectedId, setSelectedId, status, reload, replace, append };
}
