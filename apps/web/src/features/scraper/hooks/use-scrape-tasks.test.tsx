import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { scrapeTask, TASK_ID } from '@test/scrape-task.ts';
import { useScrapeTasks } from './use-scrape-tasks.ts';

const running = scrapeTask({
  progress: { percentage: 40, itemsFound: 8 },
  data: {
    actorId: 'clockworks/tiktok-scraper',
    input: { searchQueries: 'kucing' },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  },
  owner: { id: ADMIN_ID, username: 'admin' },
});

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
        if (path === '/api/scrape/history') {
          return jsonResponse(200, { history: [], pagination: { total: 0, hasMore: false } });
        }
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

  it('keeps a cancelled task in the list, marked cancelled, and stops polling it', async () => {
    const { result } = renderHook(() =>
      useScrapeTasks({ platforms: [], ready: true, reportError: vi.fn() }),
    );
    await loaded(() => result.current.tasks.length);
    vi.mocked(fetch).mockImplementationOnce(async () =>
      jsonResponse(200, { ...running, state: 'cancelled' }),
    );
    await act(() => result.current.cancel(TASK_ID));
    expect(result.current.tasks).toHaveLength(1);
    expect(result.current.tasks[0]).toMatchObject({ id: TASK_ID, state: 'cancelled' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(statusCalls).toBe(0);
  });
});

describe('useScrapeTasks logs and history pages', () => {
  /** The task's log on the "server": grows as the test says. Ids step by 2 (other tasks' lines between). */
  let logCount = 0;
  const logRequests: string[] = [];
  const historyRequests: string[] = [];
  const line = (n: number) => ({ id: n * 2, message: `baris ${n}`, at: '2025-01-01T00:00:00.000Z' });
  const statusNow = () => ({
    ...running,
    logs: Array.from({ length: Math.min(20, logCount) }, (_, i) => line(logCount - Math.min(20, logCount) + 1 + i)),
    logCount,
  });
  const record = (n: number) => ({
    jobId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status: 'completed',
    platform: 'tiktok',
    target: `lama ${n}`,
    resultFileName: null,
    itemCount: 0,
    completedAt: new Date(Date.UTC(2024, 0, 1) - n * 60_000).toISOString(),
    username: 'admin',
    usageTotalUsd: null,
    counts: null,
    warning: null,
    error: null,
    errorDetail: null,
    retryOf: null,
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    logCount = 300;
    logRequests.length = 0;
    historyRequests.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/scrape/active-tasks') return jsonResponse(200, [statusNow()]);
        if (url.pathname === '/api/scrape/history') {
          historyRequests.push(url.search);
          const offset = Number(url.searchParams.get('offset'));
          const limit = Number(url.searchParams.get('limit'));
          const total = 120;
          const history = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => record(offset + i + 1));
          return jsonResponse(200, { history, pagination: { total, hasMore: offset + history.length < total } });
        }
        if (url.pathname === `/api/scrape/status/${TASK_ID}`) return jsonResponse(200, statusNow());
        if (url.pathname === `/api/scrape/status/${TASK_ID}/logs`) {
          logRequests.push(url.search);
          const after = Number(url.searchParams.get('after'));
          const limit = Number(url.searchParams.get('limit'));
          const rest = Array.from({ length: logCount }, (_, i) => line(i + 1)).filter((l) => l.id > after);
          return jsonResponse(200, { logs: rest.slice(0, limit), logCount, hasMore: rest.length > limit });
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

  it('shows the whole log of a long task, then asks each poll only for the lines after the last one held', async () => {
    const { result } = renderHook(() =>
      useScrapeTasks({ platforms: [], ready: true, reportError: vi.fn() }),
    );
    // The running task is shown: its 300 lines come once, from the first.
    await waitFor(() => expect(result.current.selected?.logs).toHaveLength(300));
    expect(result.current.selected?.logsLoaded).toBe(true);
    expect(logRequests).toEqual(['?after=0&limit=500']);

    // 30 lines more than a status carries: asked for after line 300.
    logCount = 330;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(result.current.selected?.logs).toHaveLength(330));
    expect(logRequests).toEqual(['?after=0&limit=500', `?after=${line(300).id}&limit=500`]);

    // 5 lines: the status's newest lines hold them, no logs call.
    logCount = 335;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(result.current.selected?.logs).toHaveLength(335));
    expect(logRequests).toHaveLength(2);
    const messages = result.current.selected?.logs.map((l) => l.message) ?? [];
    expect(messages).toEqual(Array.from({ length: 335 }, (_, i) => `baris ${i + 1}`));
  });

  it('loads history a page at a time, from where the list ends, with the true count', async () => {
    const { result } = renderHook(() =>
      useScrapeTasks({ platforms: [], ready: true, reportError: vi.fn() }),
    );
    await waitFor(() => expect(result.current.tasks).toHaveLength(51));
    expect(historyRequests).toEqual(['?offset=0&limit=50']);
    expect(result.current.history).toEqual({ remaining: 70, hasMore: true, loading: false });

    await act(() => result.current.loadMoreHistory());
    expect(historyRequests.at(-1)).toBe('?offset=50&limit=50');
    expect(result.current.tasks).toHaveLength(101);
    expect(result.current.history).toMatchObject({ remaining: 20, hasMore: true });

    await act(() => result.current.loadMoreHistory());
    expect(historyRequests.at(-1)).toBe('?offset=100&limit=50');
    expect(result.current.tasks).toHaveLength(121);
    expect(new Set(result.current.tasks.map((t) => t.id)).size).toBe(121);
    expect(result.current.history).toMatchObject({ remaining: 0, hasMore: false });
  });
});
