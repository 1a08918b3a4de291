import type { Batch, Quality } from '@scrapper/contracts/http/media';
import { MAX_URLS_PER_BATCH } from '@scrapper/contracts/rules/download-links';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isAbortError } from '@/lib/api-error.ts';
import { changeWaiter } from '@/lib/events.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import {
  cancelBatch,
  fetchBatchFile,
  fetchBatchZip,
  getBatch,
  startBatch,
  startUrlBatch,
} from '../api.ts';
import { batchNotice } from '../utils/batch-result.ts';
import type { BatchNotice } from '../utils/batch-result.ts';
import { BATCH_LIMIT, runBatches } from '../utils/run-batches.ts';
import type { BatchCalls } from '../utils/run-batches.ts';

const DOWNLOAD_FAILED = 'Gagal mengunduh file. Pastikan Anda memiliki izin.';
const ZIP_FAILED = 'Gagal mengunduh ZIP. Coba lagi.';

export interface BatchRequest {
  fileName: string;
  itemIds: string[];
  quality: Quality;
  username: string | undefined;
}

export interface BatchState {
  /** The batch as the server last reported it (rows, statuses, percentages, rate limits). */
  batch: Batch | null;
  running: boolean;
  cancelling: boolean;
}

export interface UseBatchDownloadOptions {
  /** The result-file items that downloaded, to be marked 'Selesai'. */
  onDownloaded: (itemIds: string[]) => void;
}

/**
 * Batches run on the server and are polled every second into a panel that does not block the page:
 * each row's live status and percentage, and a platform's rate limit when it holds the batch.
 * When it ends, the finished files come as one zip (GET /api/media/batches/:id/zip) rather than
 * the browser saving them one by one. Leaving the page stops the polling here only; the server
 * finishes the batch and its files stay in Riwayat and the file manager.
 */
export function useBatchDownload({ onDownloaded }: UseBatchDownloadOptions) {
  const [state, setState] = useState<BatchState>({
    batch: null,
    running: false,
    cancelling: false,
  });
  const [notice, setNotice] = useState<BatchNotice | null>(null);
  const [zipping, setZipping] = useState(false);
  const cancelRequested = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  const showToast = useToastStore((s) => s.show);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (ids: string[], start: BatchCalls['start'], chunkSize: number, markDone: boolean) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      cancelRequested.current = false;
      setNotice(null);
      setState({ batch: null, running: true, cancelling: false });
      // Each row of the table says 'Selesai' as its item finishes, not when the whole batch ends.
      const marked = new Set<string>();
      const markFinished = (batch: Batch) => {
        if (!markDone) return;
        const fresh = batch.items.filter((i) => i.status === 'completed' && !marked.has(i.itemId)).map((i) => i.itemId);
        for (const id of fresh) marked.add(id);
        if (fresh.length > 0) onDownloaded(fresh);
      };
      // Taken before the batch starts: a change while a request is on its way ends the next wait.
      const wait = changeWaiter(['download', 'batch'], { signal: controller.signal });
      try {
        const outcome = await runBatches({
          itemIds: ids,
          chunkSize,
          calls: {
            start,
            get: (id) => getBatch(id, controller.signal),
            cancel: (id) => cancelBatch(id),
          },
          wait,
          isCancelled: () => cancelRequested.current,
          onProgress: () => undefined,
          onBatch: (batch) => {
            markFinished(batch);
            setState((current) => ({ ...current, batch }));
          },
        });
        if (markDone) {
          const rest = outcome.items.filter((i) => i.status === 'completed' && !marked.has(i.itemId)).map((i) => i.itemId);
          if (rest.length > 0) onDownloaded(rest);
        }
        setNotice(batchNotice(outcome));
      } catch (error) {
        if (isAbortError(error)) return;
        setNotice({ tone: 'danger', message: errorMessage(error, DOWNLOAD_FAILED), failures: [] });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        if (!controller.signal.aborted)
          setState((current) => ({ ...current, running: false, cancelling: false }));
      }
    },
    [onDownloaded],
  );

  const start = useCallback(
    (request: BatchRequest) =>
      run(
        request.itemIds,
        (itemIds) => startBatch({ ...request, itemIds }, controllerRef.current?.signal),
        BATCH_LIMIT,
        true,
      ),
    [run],
  );

  const startUrls = useCallback(
    (urls: string[], quality: Quality) =>
      run(
        urls,
        (part) => startUrlBatch({ urls: part, quality }, controllerRef.current?.signal),
        MAX_URLS_PER_BATCH,
        false,
      ),
    [run],
  );

  const cancel = useCallback(() => {
    cancelRequested.current = true;
    setState((current) => (current.running ? { ...current, cancelling: true } : current));
  }, []);

  const close = useCallback(() => {
    setState({ batch: null, running: false, cancelling: false });
  }, []);

  const downloadZip = useCallback(async () => {
    const batch = state.batch;
    if (!batch) return;
    setZipping(true);
    try {
      // One finished file: saved as itself, not in a zip of one.
      const finished = batch.items.filter((i) => i.status === 'completed');
      const single = batch.completed === 1 && finished.length === 1 ? finished[0] : undefined;
      const file = single ? await fetchBatchFile(single.downloadId) : await fetchBatchZip(batch.id);
      saveBlob(file.blob, file.fileName ?? (single ? `${single.title}.mp4` : 'unduhan.zip'));
    } catch (error) {
      showToast('danger', errorMessage(error, ZIP_FAILED));
    } finally {
      setZipping(false);
    }
  }, [state.batch, showToast]);

  return { ...state, notice, setNotice, start, startUrls, cancel, close, downloadZip, zipping };
}
