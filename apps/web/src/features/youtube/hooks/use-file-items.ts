import type { VideoListItem } from '@scrapper/contracts/http/media';
import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listFileItems } from '../api/list-file-items.ts';
import { usableItems } from '../utils/source-items.ts';

/** `fileName`: whose items these are (a render may still hold the previous file's). */
export type FileItemsState =
  | { status: 'idle' }
  | { status: 'loading'; fileName: string }
  | { status: 'ready'; fileName: string; items: VideoListItem[]; total: number }
  | { status: 'error'; fileName: string };

/**
 * The usable items among a result file's first page (an id and a real title); an admin
 * opening another user's file names its owner.
 */
export function useFileItems(fileName: string | null, owner: string | undefined) {
  const [state, setState] = useState<FileItemsState>({ status: 'idle' });

  useEffect(() => {
    if (!fileName) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading', fileName });
    listFileItems(fileName, owner, controller.signal)
      .then((page) => setState({ status: 'ready', fileName, items: usableItems(page.items), total: page.total }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState({ status: 'error', fileName });
      });
    return () => controller.abort();
  }, [fileName, owner]);

  return state;
}
