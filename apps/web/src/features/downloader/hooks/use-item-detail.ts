import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { useCallback, useMemo } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { getItemDetail } from '@/lib/api/get-item-detail.ts';

export const DETAIL_FAILED = 'Gagal memuat data lengkap video. Tutup lalu buka lagi untuk mencoba.';

export interface ItemDetailRequest {
  itemId: string;
  fileName: string;
  username: string | undefined;
}

export type ItemDetailState =
  | { status: 'loading' }
  | { status: 'ready'; item: VideoItem }
  | { status: 'error'; message: string };

/** The full item (with its raw record) while the detail modal is open; null when closed. */
export function useItemDetail(request: ItemDetailRequest | null): ItemDetailState | null {
  const key = request ? JSON.stringify([request.itemId, request.fileName, request.username]) : null;
  const load = useCallback(
    (signal: AbortSignal): Promise<VideoItem | null> => {
      if (key === null) return Promise.resolve(null);
      const [itemId, fileName, username] = JSON.parse(key) as [string, string, string | null];
      return getItemDetail(itemId, fileName, username ?? undefined, signal);
    },
    [key],
  );
  const { data, status, error } = useResource(load, null);

  return useMemo((): ItemDetailState | null => {
    if (key === null) return null;
    if (status === 'error') {
      const reason = errorMessage(error, '');
      const message = reason ? `Gagal memuat data lengkap video: ${reason}` : DETAIL_FAILED;
      return { status, message };
    }
    return status === 'ready' && data ? { status, item: data } : { status: 'loading' };
  }, [key, status, error, data]);
}
