import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { useEffect, useState } from 'react';
import { errorMessage, isAbortError } from '@/lib/api-error.ts';
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
  const [state, setState] = useState<{ key: string; detail: ItemDetailState } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    const [itemId, fileName, username] = JSON.parse(key) as [string, string, string | null];
    const controller = new AbortController();
    setState({ key, detail: { status: 'loading' } });
    getItemDetail(itemId, fileName, username ?? undefined, controller.signal)
      .then((item) => setState({ key, detail: { status: 'ready', item } }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        const reason = errorMessage(error, '');
        const message = reason ? `Gagal memuat data lengkap video: ${reason}` : DETAIL_FAILED;
        setState({ key, detail: { status: 'error', message } });
      });
    return () => controller.abort();
  }, [key]);

  if (key === null) return null;
  return state?.key === key ? state.detail : { status: 'loading' };
}
