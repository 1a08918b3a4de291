import type { Batch } from '@scrapper/contracts/http/media';
import { describe, expect, it, vi } from 'vitest';
import { MAX_POLL_ERRORS, chunk, runBatches } from './run-batches.ts';
import type { BatchCalls } from './run-batches.ts';

const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Status = Batch['items'][number]['status'];

function batchOf(id: string, ids: string[], statuses: Status[]): Batch {
  const count = (s: Status) => statuses.filter((x) => x === s).length;
  const completed = count('completed');
  const failed = count('failed') + count('cancelled');
  return {
    id,
    source: 'result',
    zipReady: completed > 0,
    rateLimited: [],
    total: ids.length,
    completed,
    failed,
    running: ids.length - completed - failed,
    done: completed + failed >= ids.length,
    progress: ids.length === 0 ? 0 : ((completed + failed) / ids.length) * 100,
    items: ids.map((itemId, i) => ({
      downloadId: UUID(i + 1),
      itemId,
      title: `Judul ${itemId}`,
      platform: 'tiktok',
      status: statuses[i] ?? 'queued',
      progress: 0,
      held: false,
      error: statuses[i] === 'failed' ? 'HTTP Error 404' : null,
      errorDetail: null,
    })),
  };
}

/** A fake server: each batch moves one item to completed per poll. */
function fakeServer(failIds: string[] = []) {
  const batches = new Map<string, { ids: string[]; statuses: Status[] }>();
  let next = 1;
  const calls: BatchCalls = {
    start: vi.fn(async (ids: string[]) => {
      const id = UUID(1000 + next++);
      batches.set(id, { ids, statuses: ids.map(() => 'queued') });
      return batchOf(
        id,
        ids,
        ids.map(() => 'queued'),
      );
    }),
    get: vi.fn(async (id: string) => {
      const state = batches.get(id);
      if (!state) throw new Error('no batch');
      const index = state.statuses.findIndex((s) => s === 'queued');
      const itemId = state.ids[index];
      if (index >= 0 && itemId !== undefined) {
        state.statuses[index] = failIds.includes(itemId) ? 'failed' : 'completed';
      }
      return batchOf(id, state.ids, state.statuses);
    }),
    cancel: vi.fn(async (id: string) => {
      const state = batches.get(id);
      if (!state) throw new Error('no batch');
      state.statuses = state.statuses.map((s) => (s === 'queued' ? 'cancelled' : s));
      return batchOf(id, state.ids, state.statuses);
    }),
  };
  return calls;
}

describe('runBatches', () => {
  it('polls until the batch is done, reporting progress, and returns every item', async () => {
    const calls = fakeServer(['b']);
    const wait = vi.fn(async () => undefined);
    const progress: string[] = [];
    const outcome = await runBatches({
      itemIds: ['a', 'b', 'c'],
      calls,
      wait,
      isCancelled: () => false,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(calls.start).toHaveBeenCalledWith(['a', 'b', 'c']);
    expect(wait).toHaveBeenCalledWith(1000);
    expect(progress).toEqual(['0/3', '0/3', '1/3', '2/3', '3/3']);
    expect(outcome.cancelled).toBe(false);
    expect(outcome.items.map((i) => [i.itemId, i.status])).toEqual([
      ['a', 'completed'],
      ['b', 'failed'],
      ['c', 'completed'],
    ]);
    expect(outcome.items[1]?.error).toBe('HTTP Error 404');
  });

  it('splits a large selection into batches the contract accepts, one after another', async () => {
    const calls = fakeServer();
    const ids = Array.from({ length: 5 }, (_, i) => `id${i}`);
    const outcome = await runBatches({
      itemIds: [...ids, 'id0'],
      calls,
      wait: async () => undefined,
      isCancelled: () => false,
      onProgress: () => undefined,
      chunkSize: 2,
    });
    expect(vi.mocked(calls.start).mock.calls.map(([part]) => part)).toEqual([
      ['id0', 'id1'],
      ['id2', 'id3'],
      ['id4'],
    ]);
    expect(outcome.items).toHaveLength(5);
  });

  it('cancels the running batch on the server and starts no further ones', async () => {
    const calls = fakeServer();
    let cancelled = false;
    const outcome = await runBatches({
      itemIds: ['a', 'b', 'c', 'd'],
      calls,
      wait: async () => {
        cancelled = true;
      },
      isCancelled: () => cancelled,
      onProgress: () => undefined,
      chunkSize: 3,
    });
    expect(calls.cancel).toHaveBeenCalledTimes(1);
    expect(calls.start).toHaveBeenCalledTimes(1);
    expect(outcome.cancelled).toBe(true);
    expect(outcome.items.map((i) => i.status)).toEqual(['completed', 'cancelled', 'cancelled']);
  });

  it('rides out a few failed polls but gives up after too many in a row', async () => {
    const calls = fakeServer();
    vi.mocked(calls.get).mockRejectedValueOnce(new Error('blip'));
    const outcome = await runBatches({
      itemIds: ['a'],
      calls,
      wait: async () => undefined,
      isCancelled: () => false,
      onProgress: () => undefined,
    });
    expect(outcome.items[0]?.status).toBe('completed');

    const broken = fakeServer();
    vi.mocked(broken.get).mockRejectedValue(new Error('down'));
    await expect(
      runBatches({
        itemIds: ['a'],
        calls: broken,
        wait: async () => undefined,
        isCancelled: () => false,
        onProgress: () => undefined,
      }),
    ).rejects.toThrow('down');
    expect(broken.get).toHaveBeenCalledTimes(MAX_POLL_ERRORS);
  });

  it('chunks lists', () => {
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(chunk([], 2)).toEqual([]);
  });
});
