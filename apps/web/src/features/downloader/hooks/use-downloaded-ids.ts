import { useCallback, useEffect, useState } from 'react';
import {
  downloadedIdsKey,
  readDownloadedIds,
  rememberDownloadedIds,
} from '../utils/downloaded-ids.ts';

/**
 * The ids marked 'Selesai' for this user, from localStorage; other tabs' downloads show up
 * through the storage event.
 */
export function useDownloadedIds(userId: string) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() =>
    readDownloadedIds(window.localStorage, userId),
  );

  useEffect(() => {
    setIds(readDownloadedIds(window.localStorage, userId));
    function onStorage(event: StorageEvent) {
      if (event.key === downloadedIdsKey(userId)) {
        setIds(readDownloadedIds(window.localStorage, userId));
      }
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  const remember = useCallback(
    (newIds: readonly string[]) => {
      if (newIds.length === 0) return;
      setIds(rememberDownloadedIds(window.localStorage, userId, newIds));
    },
    [userId],
  );

  return { ids, remember };
}
