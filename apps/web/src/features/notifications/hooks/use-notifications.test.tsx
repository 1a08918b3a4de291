import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { NOTIFICATION_POLL_MS, useNotifications } from './use-notifications.ts';

const FIRST = {
  id: '3f0d7a52-8e0b-4c55-9d8e-2b1f0a6c7d01',
  kind: 'scrape.completed',
  message: 'Scraping TikTok "kucing" selesai: 12 item.',
  createdAt: '2025-09-29T07:00:00.000Z',
  isRead: false,
  link: '/',
};
const SECOND = {
  ...FIRST,
  id: '3f0d7a52-8e0b-4c55-9d8e-2b1f0a6c7d02',
  message: 'Unduhan batch selesai: 3 item berhasil.',
  createdAt: '2025-09-29T07:05:00.000Z',
};

describe('useNotifications', () => {
  let listCalls = 0;
  let serverList = [FIRST];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    listCalls = 0;
    serverList = [FIRST];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/notifications') {
          listCalls += 1;
          return jsonResponse(200, {
            notifications: serverList,
            unread: serverList.filter((n) => !n.isRead).length,
          });
        }
        if (path === `/api/notifications/${FIRST.id}/read` && request.method === 'PUT') {
          serverList = serverList.map((n) => (n.id === FIRST.id ? { ...n, isRead: true } : n));
          return jsonResponse(200, { ...FIRST, isRead: true });
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

  it('polls every 30 s, and a new notification appears without a reload', async () => {
    expect(NOTIFICATION_POLL_MS).toBe(30_000);
    const { result } = renderHook(() => useNotifications());
    await waitFor(() => expect(result.current.notifications).toHaveLength(1));
    expect(result.current.unread).toBe(1);
    expect(listCalls).toBe(1);

    serverList = [SECOND, FIRST];
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(listCalls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(result.current.notifications).toHaveLength(2));
    expect(result.current.unread).toBe(2);
    expect(listCalls).toBe(2);
  });

  it('stops polling when the user logs out', async () => {
    const { result } = renderHook(() => useNotifications());
    await waitFor(() => expect(result.current.hasLoaded).toBe(true));
    act(() => useSessionStore.getState().logout());
    expect(result.current.notifications).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(5 * NOTIFICATION_POLL_MS));
    expect(listCalls).toBe(1);
  });

  it('stops polling when it unmounts', async () => {
    const { result, unmount } = renderHook(() => useNotifications());
    await waitFor(() => expect(result.current.hasLoaded).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await waitFor(() => expect(listCalls).toBe(2));
    unmount();
    await vi.advanceTimersByTimeAsync(5 * NOTIFICATION_POLL_MS);
    expect(listCalls).toBe(2);
  });

  it('marks one read and lowers the unread count at once', async () => {
    const { result } = renderHook(() => useNotifications());
    await waitFor(() => expect(result.current.unread).toBe(1));
    await act(() => result.current.markRead(FIRST.id));
    expect(result.current.unread).toBe(0);
    expect(result.current.notifications[0]?.isRead).toBe(true);
  });

  it('reports a failed list as an error and recovers on the next poll', async () => {
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    );
    const { result } = renderHook(() => useNotifications());
    await waitFor(() => expect(result.current.status).toBe('error'));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.notifications).toHaveLength(1);
  });
});
