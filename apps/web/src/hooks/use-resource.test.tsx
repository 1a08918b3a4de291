import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useResource } from './use-resource.ts';

/** Loads the test answers one by one. */
function pending<T>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const load = vi.fn(
    (_signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

describe('useResource', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('loads again refreshMs after each answer, never while one is on its way; a function of the data sets the wait', async () => {
    vi.useFakeTimers();
    const server = pending<string>();
    const refreshMs = (data: string) => (data === 'running' ? 2_000 : 60_000);
    const { result } = renderHook(() => useResource(server.load, '', { refreshMs }));
    expect(result.current.status).toBe('loading');
    expect(server.load).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(server.load).toHaveBeenCalledTimes(1);
    await act(async () => server.calls[0]?.resolve('running'));
    expect(result.current).toMatchObject({ data: 'running', status: 'ready' });

    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(server.load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.load).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ data: 'running', status: 'loading' });

    await act(async () => server.calls[1]?.resolve('done'));
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(server.load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.load).toHaveBeenCalledTimes(3);
  });

  it('says loading from the first render of a new load, keeping the old data, and gives the error of a failed one', async () => {
    const first = pending<string>();
    const second = pending<string>();
    // What each render saw: a keyed hook must never show the old load's 'ready' for the new key.
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ load }) => {
        const resource = useResource(load, 'none');
        seen.push(`${resource.status}:${resource.data}`);
        return resource;
      },
      { initialProps: { load: first.load } },
    );
    await act(async () => first.calls[0]?.resolve('a'));
    expect(result.current).toMatchObject({ data: 'a', status: 'ready' });

    seen.length = 0;
    rerender({ load: second.load });
    expect(seen[0]).toBe('loading:a');
    expect(result.current).toMatchObject({ data: 'a', status: 'loading', error: undefined });
    const failure = new Error('offline');
    await act(async () => second.calls[0]?.reject(failure));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(failure);

    act(() => result.current.reload());
    expect(second.load).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('loading');
  });
});
