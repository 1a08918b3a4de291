import { useEffect, useState } from 'react';
import { ApiError, isAbortError } from '@/lib/api-error.ts';
import { fetchPreview } from '../api.ts';

export interface PreviewRequest {
  itemId: string;
  fileName: string;
  username: string | undefined;
}

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'error'; message: string };

const FALLBACK = 'Gagal memuat pratinjau video.';

/** 'Gagal memuat pratinjau...' with the server's reason when it gave one. */
export function previewErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) {
    return `Gagal memuat pratinjau: ${error.serverMessage}`;
  }
  return FALLBACK;
}

/**
 * The preview clip as an object URL: a <video src> cannot send the bearer token, so the clip
 * is fetched with it and played from memory. The URL is revoked when the preview closes.
 */
export function usePreviewVideo(request: PreviewRequest | null): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const itemId = request?.itemId;
  const fileName = request?.fileName;
  const username = request?.username;

  useEffect(() => {
    if (!itemId || !fileName) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchPreview(itemId, fileName, username, controller.signal)
      .then((file) => {
        url = URL.createObjectURL(file.blob);
        setState({ status: 'ready', url });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState({ status: 'error', message: previewErrorMessage(error) });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [itemId, fileName, username]);

  return state;
}
