import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolling } from './poll.ts';

describe('startPolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then every interval, and stops for good when aborted', async () => {
    const run = vi.fn(async () => {});
    const controller = new AbortController();
    startPolling({ run, intervalMs: 30_000, signal: controller.signal });
    expect(run).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(3);

    controller.abort();
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for a slow run to finish before counting the next interval', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const controller = new AbortController();
    startPolling({ run, intervalMs: 30_000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    controller.abort();
  });

  it('keeps polling after a failed run', async () => {
    const run = vi.fn(async () => {
      throw new Error('offline');
    });
    const controller = new AbortController();
    startPolling({ run, intervalMs: 1_000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(3);
    controller.abort();
  });

  it('now() runs at once and restarts the wait; a call during a run queues one more run', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const controller = new AbortController();
    const poller = startPolling({ run, intervalMs: 30_000, signal: controller.signal });
    poller.now();
    poller.now();
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(20_000);
    poller.now();
    expect(run).toHaveBeenCalledTimes(3);
    finish();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(4);
    controller.abort();
  });

  it('does nothing when started with an aborted signal', async () => {
    const run = vi.fn(async () => {});
    const controller = new AbortController();
    controller.abort();
    startPolling({ run, intervalMs: 1_000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('setIntervalMs restarts a wait under way with the new interval; null stops the repeats', async () => {
    const run = vi.fn(async () => {});
    const controller = new AbortController();
    const poller = startPolling({ run, intervalMs: 60_000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10_000);
    poller.setIntervalMs(2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    poller.setIntervalMs(null);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    poller.now();
    expect(run).toHaveBeenCalledTimes(3);
    controller.abort();
  });

  it('immediate: false waits one interval before the first run', async () => {
    const run = vi.fn(async () => {});
    const controller = new AbortController();
    startPolling({ run, intervalMs: 5_000, signal: controller.signal, immediate: false });
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    controller.abort();
  });
});
