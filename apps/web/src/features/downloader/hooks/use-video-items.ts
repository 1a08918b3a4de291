import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listVideoItems } from '../api/list-video-items.ts';
import type { LoadStatus } from './use-result-files.ts';

export interface VideoItemsRequest {
  fileName: string | null;
  /** The file's owner, for admins opening someone else's file. */
  username: string | undefined;
  /** Changes when the actor configs were (re)loaded; 0 = not yet, wait for them. */
  configVersion: number;
}

export type ItemsStatus = LoadStatus | 'idle';

/**
 * The items of the chosen file (spec: reloaded when the file, the username or the actor
 * configs change). Items of an older request never overwrite a newer one.
 */
export function useVideoItems({ fileName, username, configVersion }: VideoItemsRequest) {
  const [items, setItems] = useState<VideoItem[]>([]);
  const [status, setStatus] = useState<ItemsStatus>('idle');

  useEffect(() => {
    if (!fileName || configVersion === 0) {
      setItems([]);
      setStatus('idle');
      return undefined;
    }
    const controller = new AbortController();
    setStatus('loading');
    listVideoItems(fileName, username, controller.signal)
      .then((list) => {
        setItems(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setItems([]);
        setStatus('error');
      });
    return () => controller.abort();
  }, [fileName, username, configVersion]);

  return { items, status };
}
