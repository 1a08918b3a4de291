import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '@/lib/send-form-data.ts';
import { uploadVideo } from '../api.ts';

/**
 * Sends the upload and follows how much of the body has gone out (a video can be 2 GB). The
 * request is cancelled if the page closes mid-way.
 */
export function useUploadVideo() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [sending, setSending] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  // Closing or reloading the tab would cut a long upload off: the browser asks first.
  useEffect(() => {
    if (!sending) return undefined;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  const send = useCallback(async (body: FormData): Promise<Upload> => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setSending(true);
    setProgress({ loaded: 0, total: null });
    try {
      return await uploadVideo(body, { signal: controller.signal, onUploadProgress: setProgress });
    } finally {
      if (!controller.signal.aborted) {
        setSending(false);
        setProgress(null);
      }
    }
  }, []);

  return { send, sending, progress };
}
