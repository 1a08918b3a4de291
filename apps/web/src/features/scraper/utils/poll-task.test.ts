import type { TaskState } from '@scrapper/contracts/http/scrape';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { scrapeTask } from '@test/scrape-task.ts';
import { pollTask } from './poll-task.ts';
import type { TaskUpdate } from './task-logs.ts';

function task(state: TaskState): TaskUpdate {
  return { task: scrapeTask({ state }), logs: null };
}

describe('pollTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks every 5000 ms and stops once the task is final', async () => {
    const states: TaskState[] = ['waiting', 'running', 'completed'];
    const fetchTask = vi.fn(async () => task(states.shift() ?? 'completed'));
    const onUpdate = vi.fn<(update: TaskUpdate) => void>();
    const done = pollTask({ fetchTask, onUpdate, signal: new AbortController().signal });

    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchTask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchTask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe('final');
    expect(onUpdate.mock.calls.map(([u]) => u.task.state)).toEqual(['waiting', 'running', 'completed']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchTask).toHaveBeenCalledTimes(3);
  });

  it.each(['failed', 'cancelled'] as const)('stops on %s too', async (state) => {
    const fetchTask = vi.fn(async () => task(state));
    const done = pollTask({ fetchTask, onUpdate: vi.fn(), signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toBe('final');
    expect(fetchTask).toHaveBeenCalledTimes(1);
  });

  it('stops when aborted (unmount), without another call', async () => {
    const controller = new AbortController();
    const fetchTask = vi.fn(async () => task('running'));
    const done = pollTask({ fetchTask, onUpdate: vi.fn(), signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchTask).toHaveBeenCalledTimes(2);
    controller.abort();
    await expect(done).resolves.toBe('aborted');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchTask).toHaveBeenCalledTimes(2);
  });

  it('keeps polling through failures, reporting them, and gives up on 404', async () => {
    const onError = vi.fn();
    const fetchTask = vi
      .fn<(signal: AbortSignal) => Promise<TaskUpdate>>()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', status: 0, message: 'offline' }))
      .mockResolvedValueOnce(task('running'))
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 404, message: 'gone' }));
    const done = pollTask({
      fetchTask,
      onUpdate: vi.fn(),
      onError,
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(done).resolves.toBe('gone');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(fetchTask).toHaveBeenCalledTimes(3);
  });
});
