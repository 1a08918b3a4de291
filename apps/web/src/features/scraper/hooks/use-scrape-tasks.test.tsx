import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ADMIN_ID, makeToken } from '@/testing/make-token.ts';
import { useScrapeTasks } from './use-scrape-tasks.ts';

const TASK_ID = '0b6f1f5e-3c1a-4e7e-9a51-5a0c3d4f6a7b';
const running = {
  id: TASK_ID,
  state: 'running',
  progress: { percentage: 40, itemsFound: 8 },
  logs: [],
  result: null,
  counts: null,
  warning: null,
  error: null,
  errorDetail: null,
  retryOf: null,
  data: {
    actorId: 'clockworks/tiktok-scraper',
    input: { searchQueries: 'kucing' },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  },
  owner: { id: ADMIN_ID, username: 'admin' },
  createdAt: '2025-01-01T00:00:00.000Z',
  finishedAt: null,
  usageTotalUsd: null,
};

/** Testing Library's waitFor: it lets React's updates through while it waits. */
async function loaded(count: () => number) {
  await waitFor(() => expect(count()).toBe(1));
}

describe('useScrapeTasks polling', () => {
  let statusCalls = 0;

  beforeEach(() => {
    // Fake timeouts (the 5 s polls) that also move on with real time, so the waits of
    // Testing Library and the fetch stubs settle on their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    statusCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/scrape/active-tasks') return jsonResponse(200, [running]);
        if (path === '/api/scrape/history') return jsonResponse(200, []);
        if (path === `/api/scrape/status/${TASK_ID}`) {
          statusCalls += 1;
          return jsonResponse(200, running);
        }
        return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('polls a loaded running task every 5 s and stops when the page unmounts', async () => {
    const { result, unmount } = renderHook(() =>
      useScrapeTasks({ platforms: [], ready: true, reportError: vi.fn() }),
    );
    await loaded(() => result.current.tasks.length);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(statusCalls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(statusCalls).toBe(2));
    unmount();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(statusCalls).toBe(2);
  });

  it('stops polling a task that is cancelled out of the list', async () => {
    const { result } = renderHook(() =>
      useScrapeTasks({ platforms: [], ready: true, reportError: vi.fn() }),
    );
    await loaded(() => result.current.tasks.length);
    vi.mocked(fetch).mockImplementationOnce(async () =>
      jsonResponse(200, { ...running, state: 'cancelled' }),
    );
    await act(() => result.current.cancel(TASK_ID));
    expect(result.current.tasks).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(statusCalls).toBe(0);
  });
});
