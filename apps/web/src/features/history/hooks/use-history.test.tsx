import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { HISTORY_POLL_MS, useHistory } from './use-history.ts';

const USER = { id: ADMIN_ID, username: 'admin' };

function entry(n: number, status: 'running' | 'completed', progress: number) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Video ${n}`,
    platform: 'tiktok',
    author: 'kreator',
    quality: 'best',
    status,
    error: null,
    errorDetail: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    filename: status === 'completed' ? `video-${n}.mp4` : null,
    sizeBytes: status === 'completed' ? 1000 : null,
    fileExists: status === 'completed',
    progress,
    user: USER,
  };
}

describe('useHistory', () => {
  let calls: URL[] = [];
  let progress = 10;
  let done = false;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    useSessionStore.getState().login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    calls = [];
    progress = 10;
    done = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        calls.push(url);
        const rows = [done ? entry(1, 'completed', 100) : entry(1, 'running', progress), entry(2, 'completed', 100)];
        return jsonResponse(200, {
          history: rows,
          pagination: { total: 2, hasMore: false },
          stats: { total: 2, byPlatform: [{ platform: 'tiktok', count: 2 }] },
        });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refreshes a running download every HISTORY_POLL_MS, and stops once nothing runs', async () => {
    const { result } = renderHook(() => useHistory({ platform: 'tiktok' }, false));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items[0]?.progress).toBe(10);
    expect(calls).toHaveLength(1);

    progress = 55;
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS - 100));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(result.current.items[0]?.progress).toBe(55));
    expect(calls).toHaveLength(2);
    // The refresh asks for the running row's page with the same filter.
    expect(calls[1]?.searchParams.get('platform')).toBe('tiktok');
    expect(calls[1]?.searchParams.get('offset')).toBe('0');

    done = true;
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('completed'));
    expect(calls).toHaveLength(3);
    // Nothing runs any more: no further requests.
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 4));
    expect(calls).toHaveLength(3);
  });
});
