import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { previewEffect } from '../api.ts';
import { TEXT } from '../utils/messages.ts';

export type EffectPreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string; effect: VideoEffectName }
  | { status: 'error'; message: string };

/**
 * The effect preview clip, played from an object URL (a <video> cannot send the token). The
 * URL is revoked when a new preview starts, when it is cleared and when the page closes.
 */
export function useEffectPreview() {
  const [state, setState] = useState<EffectPreviewState>({ status: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);
  const urlRef = useRef<string | null>(null);

  const release = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  useEffect(() => release, [release]);

  const clear = useCallback(() => {
    release();
    setState({ status: 'idle' });
  }, [release]);

  const run = useCallback(
    async (videoFile: File, effect: VideoEffectName) => {
      release();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ status: 'loading' });
      try {
        const blob = await previewEffect(videoFile, effect, controller.signal);
        if (controller.signal.aborted) return;
        const url = URL.createObjectURL(blob);
        urlRef.current = url;
        setState({ status: 'ready', url, effect });
      } catch (error) {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState({ status: 'error', message: TEXT.previewFailed });
      }
    },
    [release],
  );

  return { state, run, clear };
}
