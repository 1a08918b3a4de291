import type { Batch } from '@scrapper/contracts/http/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-error.ts';
import { changeWaiter } from '@/lib/events.ts';
import { getRedownload, redownloadHistoryItem } from '../api.ts';

/** The state of an entry being fetched again, as its row shows it. */
export type Redownload = Batch['items'][number] | { status: 'starting'; progress: 0; error: string | null; errorDetail: null; held: false };

const POLL_MS = 1000;

/**
 * "Unduh Ulang" for entries whose file is gone: starts it, follows it every second, and calls
 * `onCompleted` when the file is back (the list then reloads: the new download takes the entry's
 * place). A failure stays on the row with yt-dlp's words under "Detail".
 */
export function useRedownloads(onCompleted: (title: string) => void) {
  const [states, setStates] = useState<ReadonlyMap<string, Redownload>>(new Map());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const set = useCallback((id: string, state: Redownload | undefined) => {
    setStates((current) => {
      const next = new Map(current);
      if (state) next.set(id, state);
      else next.delete(id);
      return next;
    });
  }, []);

  const start = useCallback(
    async (id: string, title: string) => {
      set(id, { status: 'starting', progress: 0, error: null, errorDetail: null, held: false });
      const wait = changeWaiter(['download']);
      try {
        let batch = await redownloadHistoryItem(id);
        for (;;) {
          if (!alive.current) return;
          const item = batch.items[0];
          if (item) set(id, item);
          if (batch.done) break;
          await wait(POLL_MS);
          batch = await getRedownload(batch.id);
        }
        const item = batch.items[0];
        if (item?.status === 'completed') {
          set(id, undefined);
          onCompleted(title);
        }
      } catch (error) {
        set(id, { status: 'starting', progress: 0, error: errorMessage(error, 'Gagal mengunduh ulang.'), errorDetail: null, held: false });
      }
    },
    [onCompleted, set],
  );

  return { states, start };
}
