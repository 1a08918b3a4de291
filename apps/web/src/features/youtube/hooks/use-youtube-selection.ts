import { useCallback, useEffect, useState } from 'react';
import { readSelection, writeSelection } from '../utils/selection.ts';
import type { YoutubeSelection } from '../utils/selection.ts';

/**
 * The client secret, account and playlist of the account panel, remembered for this user in
 * localStorage so they come back after a reload or a new login (spec part 2, section 2).
 */
export function useYoutubeSelection(userId: string) {
  const [selection, setSelection] = useState<YoutubeSelection>(() =>
    readSelection(window.localStorage, userId),
  );

  useEffect(() => {
    setSelection(readSelection(window.localStorage, userId));
  }, [userId]);

  const update = useCallback(
    (change: (current: YoutubeSelection) => YoutubeSelection) => {
      setSelection((current) => {
        const next = change(current);
        if (next !== current) writeSelection(window.localStorage, userId, next);
        return next;
      });
    },
    [userId],
  );

  return { selection, update };
}
