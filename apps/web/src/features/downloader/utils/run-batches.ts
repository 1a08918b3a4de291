import type { Batch } from '@scrapper/contracts/http/media';
import type { BatchItemOutcome, BatchOutcome } from './batch-result.ts';

// A batch download runs on the server (POST /api/media/batches) and is followed by polling
// GET /api/media/batches/:id every second until it is done. The contract takes at most 500
// items per batch, so a larger selection runs as consecutive batches of 500 behind one
// progress count. Cancelling stops the running batch on the server and starts no more.

/** BatchBodySchema's maximum. */
export const BATCH_LIMIT = 500;
export const POLL_INTERVAL_MS = 1000;
/** Polls in a row that may fail (a network blip) before the run gives up. */
export const MAX_POLL_ERRORS = 5;

export interface BatchCalls {
  start: (itemIds: string[]) => Promise<Batch>;
  get: (id: string) => Promise<Batch>;
  cancel: (id: string) => Promise<Batch>;
}

export interface RunBatchesOptions {
  itemIds: readonly string[];
  calls: BatchCalls;
  /** Resolves after `ms`; rejects to stop the run (the page closed). */
  wait: (ms: number) => Promise<void>;
  isCancelled: () => boolean;
  onProgress: (done: number, total: number) => void;
  /** Every state of the running batch as the server reports it (the live panel). */
  onBatch?: (batch: Batch) => void;
  pollMs?: number;
  chunkSize?: number;
}

export function chunk<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
  return chunks;
}

function finished(batch: Batch): number {
  return batch.completed + batch.failed;
}

function outcomeItems(batch: Batch): BatchItemOutcome[] {
  return batch.items.map((item) => ({
    itemId: item.itemId,
    downloadId: item.downloadId,
    title: item.title,
    // A batch is done only when every item is final; anything else counts as stopped.
    status: item.status === 'completed' || item.status === 'failed' ? item.status : 'cancelled',
    error: item.error,
    errorDetail: item.errorDetail,
  }));
}

async function followBatch(
  first: Batch,
  options: RunBatchesOptions,
  before: number,
  total: number,
): Promise<{ batch: Batch; cancelled: boolean }> {
  const { calls, wait, isCancelled, onProgress, pollMs = POLL_INTERVAL_MS } = options;
  let batch = first;
  let cancelled = false;
  let errors = 0;
  for (;;) {
    options.onBatch?.(batch);
    onProgress(before + finished(batch), total);
    if (batch.done) return { batch, cancelled };
    if (!cancelled && isCancelled()) {
      cancelled = true;
      batch = await calls.cancel(batch.id);
      continue;
    }
    await wait(pollMs);
    try {
      batch = await calls.get(batch.id);
      errors = 0;
    } catch (error) {
      errors++;
      if (errors >= MAX_POLL_ERRORS) throw error;
    }
  }
}

/** Runs the whole selection and returns every started item's final state. */
export async function runBatches(options: RunBatchesOptions): Promise<BatchOutcome> {
  const ids = [...new Set(options.itemIds)];
  const total = ids.length;
  const items: BatchItemOutcome[] = [];
  let cancelled = false;
  options.onProgress(0, total);
  for (const part of chunk(ids, options.chunkSize ?? BATCH_LIMIT)) {
    if (options.isCancelled()) {
      cancelled = true;
      break;
    }
    const started = await options.calls.start(part);
    const result = await followBatch(started, options, items.length, total);
    items.push(...outcomeItems(result.batch));
    if (result.cancelled) {
      cancelled = true;
      break;
    }
  }
  return { items, cancelled };
}
