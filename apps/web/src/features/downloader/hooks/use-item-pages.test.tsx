import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { DEFAULT_VIEW } from '../utils/item-view.ts';
import type { ItemView } from '../utils/item-view.ts';
import { useItemPages } from './use-item-pages.ts';
import type { ItemPagesRequest } from './use-item-pages.ts';

const FILE = 'tiktok_20240101-000000_0123abcd.json';
const TOTAL = 1200;

function item(index: number, tag: string) {
  return {
    id: `${tag}${index}`,
    platform: 'tiktok',
    url: `https://www.tiktok.com/@a/video/${index}`,
    duration: 10,
    title: `Video ${tag} ${index}`,
    author: 'a',
    play_count: null,
    like_count: null,
    thumbnail: '',
    downloaded: false,
  };
}

/** The items endpoint over a file of TOTAL items; `tag` names the query the page answers. */
function page(query: URLSearchParams, tag: string) {
  const offset = Number(query.get('offset'));
  const limit = Number(query.get('limit'));
  const end = Math.min(offset + limit, TOTAL);
  const items = Array.from({ length: Math.max(end - offset, 0) }, (_, i) => item(offset + i, tag));
  return {
    fileName: FILE,
    platformId: 'tiktok',
    items,
    pagination: { total: TOTAL, hasMore: end < TOTAL },
    counts: { all: TOTAL, hiddenByDuration: 0, hiddenAsDuplicate: 0, hiddenAsDownloaded: 0 },
  };
}

interface Call {
  query: URLSearchParams;
  answer: () => void;
}

/** Each request waits until the test answers it, so the order of answers is the test's. */
function holdRequests() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (request: Request) =>
        new Promise<Response>((resolve, reject) => {
          const query = new URL(request.url).searchParams;
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
          const tag = query.get('search') ?? 'all';
          calls.push({ query, answer: () => resolve(jsonResponse(200, page(query, tag))) });
        }),
    ),
  );
  return calls;
}

function request(view: ItemView): ItemPagesRequest {
  return { fileName: FILE, username: undefined, configVersion: 1, view, reload: 0 };
}

describe('useItemPages', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it('shows only the newest query: an older answer arriving late is dropped', async () => {
    const calls = holdRequests();
    const { result, rerender } = renderHook((props: ItemPagesRequest) => useItemPages(props), {
      initialProps: request({ ...DEFAULT_VIEW, search: 'lama' }),
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender(request({ ...DEFAULT_VIEW, search: 'baru' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.answer());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => calls[0]?.answer());
    expect(result.current.items[0]?.id).toBe('baru0');
    expect(result.current.items.every((row) => row.id.startsWith('baru'))).toBe(true);
    expect(calls[1]?.query.get('offset')).toBe('0');
    expect(calls[1]?.query.get('limit')).toBe('100');
  });

  it('asks for the next page once as the window nears the end, and appends it', async () => {
    const calls = holdRequests();
    const { result } = renderHook(() => useItemPages(request(DEFAULT_VIEW)));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.answer());
    await waitFor(() => expect(result.current.items).toHaveLength(100));
    act(() => result.current.onWindowEnd(10));
    expect(calls).toHaveLength(1);
    act(() => {
      result.current.onWindowEnd(90);
      result.current.onWindowEnd(95);
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.query.get('offset')).toBe('100');
    expect(calls[1]?.query.get('limit')).toBe('500');
    expect(result.current.loadingMore).toBe(true);
    await act(async () => calls[1]?.answer());
    await waitFor(() => expect(result.current.items).toHaveLength(600));
    expect(result.current.items[100]?.id).toBe('all100');
    expect(calls).toHaveLength(2);
  });

  it('select all loads the pages it needs: the first 500 listed items', async () => {
    const calls = holdRequests();
    const { result } = renderHook(() => useItemPages(request(DEFAULT_VIEW)));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.answer());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let loading: Promise<{ id: string }[] | null> = Promise.resolve(null);
    act(() => {
      loading = result.current.loadFirst(500);
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.query.get('offset')).toBe('100');
    expect(calls[1]?.query.get('limit')).toBe('400');
    let head: { id: string }[] | null = null;
    await act(async () => {
      calls[1]?.answer();
      head = await loading;
    });
    expect(head).toHaveLength(500);
    expect(result.current.items).toHaveLength(500);
  });
});
