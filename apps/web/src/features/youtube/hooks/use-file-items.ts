import type { VideoListItem } from '@scrapper/contracts/http/media';
import { useCallback, useMemo } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { listFileItems, type FileItemsPage } from '../api.ts';
import { usableItems } from '../utils/source-items.ts';

/** `fileName`: whose items these are (a render may still hold the previous file's). */
export type FileItemsState =
  | { status: 'idle' }
  | { status: 'loading'; fileName: string }
  | { status: 'ready'; fileName: string; items: VideoListItem[]; total: number }
  | { status: 'error'; fileName: string };

const NO_PAGE: FileItemsPage = { items: [], total: 0 };

/**
 * The usable items among a result file's first page (an id and a real title); an admin
 * opening another user's file names its owner.
 */
export function useFileItems(fileName: string | null, owner: string | undefined): FileItemsState {
  const load = useCallback(
    (signal: AbortSignal) =>
      fileName ? listFileItems(fileName, owner, signal) : Promise.resolve(NO_PAGE),
    [fileName, owner],
  );
  const { data, status } = useResource(load, NO_PAGE);

  // One object per answer: the picker's effects depend on it.
  return useMemo((): FileItemsState => {
    if (!fileName) return { status: 'idle' };
    if (status !== 'ready') return { status, fileName };
    return { status, fileName, items: usableItems(data.items), total: data.total };
  }, [fileName, status, data]);
}
