import type { Quality } from '@scrapper/contracts/http/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isAbortError } from '@/lib/api-error.ts';
import { safeFileName } from '@/lib/content-disposition.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { cancelBatch } from '../api/cancel-batch.ts';
import { fetchDownloadedFile } from '../api/fetch-downloaded-file.ts';
import { getBatch } from '../api/get-batch.ts';
import { startBatch } from '../api/start-batch.ts';
import { batchNotice } from '../utils/batch-result.ts';
import type { BatchItemOutcome, BatchNotice } from '../utils/batch-result.ts';
import { runBatches } from '../utils/run-batches.ts';
import { sleep } from '../utils/sleep.ts';

/** Spec part 2, section 9: the browser saves the files 500 ms apart. */
export const SAVE_GAP_MS = 500;
const DOWNLOAD_FAILED = 'Gagal mengunduh file. Pastikan Anda memiliki izin.';

export type BatchProgress =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number; cancelling: boolean }
  | { phase: 'saving'; saved: number; total: number; cancelling: boolean };

export interface BatchRequest {
  fileName: string;
  itemIds: string[];
  quality: Quality;
  username: string | undefined;
}

export interface UseBatchDownloadOptions {
  /** The items that downloaded, to be marked 'Selesai'. */
  onDownloaded: (itemIds: string[]) => void;
}

/**
 * 'Download Terpilih': the server downloads the batch (polled every second behind the
 * progress overlay), then the result notification, then the browser saves each finished
 * file, one after another. Closing the page stops the polling and saving here; the server
 * finishes the batch anyway and its files stay in the history and the file manager.
 */
export function useBatchDownload({ onDownloaded }: UseBatchDownloadOptions) {
  const [progress, setProgress] = useState<BatchProgress>({ phase: 'idle' });
  const [notice, setNotice] = useState<BatchNotice | null>(null);
  const cancelRequested = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  const showToast = useToastStore((state) => state.show);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const saveFiles = useCallback(
    async (items: BatchItemOutcome[], signal: AbortSignal) => {
      let failed = 0;
      for (const [index, item] of items.entries()) {
        if (cancelRequested.current) break;
        if (index > 0) await sleep(SAVE_GAP_MS, signal);
        try {
          const file = await fetchDownloadedFile(item.downloadId, signal);
          saveBlob(file.blob, file.fileName ?? `${safeFileName(item.title || item.itemId)}.mp4`);
        } catch (error) {
          if (isAbortError(error)) throw error;
          failed++;
        }
        setProgress({ phase: 'saving', saved: index + 1, total: items.length, cancelling: false });
      }
      if (failed > 0) showToast('danger', DOWNLOAD_FAILED);
    },
    [showToast],
  );

  const start = useCallback(
    async (request: BatchRequest) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      cancelRequested.current = false;
      setNotice(null);
      setProgress({ phase: 'running', done: 0, total: request.itemIds.length, cancelling: false });
      try {
        const outcome = await runBatches({
          itemIds: request.itemIds,
          calls: {
            start: (itemIds) => startBatch({ ...request, itemIds }, controller.signal),
            get: (id) => getBatch(id, controller.signal),
            cancel: (id) => cancelBatch(id),
          },
          wait: (ms) => sleep(ms, controller.signal),
          isCancelled: () => cancelRequested.current,
          onProgress: (done, total) =>
            setProgress({ phase: 'running', done, total, cancelling: cancelRequested.current }),
        });
        const completed = outcome.items.filter((item) => item.status === 'completed');
        onDownloaded(completed.map((item) => item.itemId));
        setNotice(batchNotice(outcome));
        if (completed.length > 0 && !cancelRequested.current) {
          setProgress({ phase: 'saving', saved: 0, total: completed.length, cancelling: false });
          await saveFiles(completed, controller.signal);
        }
      } catch (error) {
        if (isAbortError(error)) return;
        setNotice({ tone: 'danger', message: errorMessage(error, DOWNLOAD_FAILED), failures: [] });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        if (!controller.signal.aborted) setProgress({ phase: 'idle' });
      }
    },
    [onDownloaded, saveFiles],
  );

  const cancel = useCallback(() => {
    cancelRequested.current = true;
    setProgress((current) =>
      current.phase === 'idle' ? current : { ...current, cancelling: true },
    );
  }, []);

  return { progress, notice, setNotice, start, cancel };
}
