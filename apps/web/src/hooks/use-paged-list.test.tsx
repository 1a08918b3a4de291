import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePagedList } from './use-paged-list.ts';

interface Row {
  id: string;
  n: number;
}
interface Query {
  platform: string;
}
interface Answer {
  rows: Row[];
  pagination: { total: number; hasMore: boolean };
  stats: string;
}

/** A server whose answers the test releases one by one, in any order. */
function fakeServer(totalFor: (q: Query) => number) {
  const calls: Array<{
    query: Query;
    offset: number;
    limit: number;
    signal: AbortSignal;
    resolve: () => void;
    reject: (error: unknown) => void;
  }> = [];
  const load = (query: Query, page: { offset: number; limit: number }, signal: AbortSignal) =>
    new Promise<Answer>((resolve, reject) => {
      const total = totalFor(query);
      const rows: Row[] = [];
      for (let n = page.offset; n < Math.min(total, page.offset + page.limit); n++)
        rows.push({ id: `${query.platform}-${n}`, n });
      calls.push({
        query,
        ...page,
        signal,
        resolve: () =>
          resolve({
            rows,
            pagination: { total, hasMore: page.offset + rows.length < total },
            stats: `${query.platform}:${total}`,
          }),
        reject,
      });
    });
  return { calls, load };
}

const read = (answer: Answer) => ({ items: answer.rows, pagination: answer.pagination });
const idOf = (row: Row) => row.id;

afterEach(() => cleanup());

describe('usePagedList', () => {
  it('loads the first page, then appends the next at offset = rows loaded, with the true total', async () => {
    const server = fakeServer(() => 25);
    const { result } = renderHook(() =>
      usePagedList({ query: { platform: 'tiktok' }, load: server.load, read, idOf, pageSize: 10 }),
    );
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({ offset: 0, limit: 10 });
    act(() => server.calls[0]?.resolve());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(10);
    expect(result.current.total).toBe(25);
    expect(result.current.hasMore).toBe(true);
    expect(result.current.answer?.stats).toBe('tiktok:25');

    act(() => result.current.loadMore());
    // A second call while one is on its way asks for nothing more.
    act(() => result.current.loadMore());
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toMatchObject({ offset: 10, limit: 10 });
    expect(result.current.loadingMore).toBe(true);
    act(() => server.calls[1]?.resolve());
    await waitFor(() => expect(result.current.items).toHaveLength(20));
    expect(result.current.loadingMore).toBe(false);

    act(() => result.current.loadMore());
    act(() => server.calls[2]?.resolve());
    await waitFor(() => expect(result.current.items).toHaveLength(25));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.items.map((r) => r.n)).toEqual([...Array(25).keys()]);
    // Nothing left: no further request.
    act(() => result.current.loadMore());
    expect(server.calls).toHaveLength(3);
  });

  it('starts from the first page when the query changes and drops the older query’s answers', async () => {
    const server = fakeServer((q) => (q.platform === 'tiktok' ? 30 : 5));
    const { result, rerender } = renderHook(
      ({ query }: { query: Query }) =>
        usePagedList({ query, load: server.load, read, idOf, pageSize: 10 }),
      { initialProps: { query: { platform: 'tiktok' } } },
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    act(() => server.calls[0]?.resolve());
    await waitFor(() => expect(result.current.items).toHaveLength(10));
    act(() => result.current.loadMore());
    expect(server.calls[1]).toMatchObject({ offset: 10 });

    // The filter changes while tiktok's second page is on its way.
    rerender({ query: { platform: 'youtube' } });
    await waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.calls[2]).toMatchObject({ query: { platform: 'youtube' }, offset: 0 });
    expect(server.calls[1]?.signal.aborted).toBe(true);
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);

    act(() => server.calls[2]?.resolve());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    // The old page still arrives afterwards (a server that ignored the abort): it is not shown.
    act(() => server.calls[1]?.resolve());
    await act(() => Promise.resolve());
    expect(result.current.items.map((r) => r.id)).toEqual([0, 1, 2, 3, 4].map((n) => `youtube-${n}`));
    expect(result.current.total).toBe(5);
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loadingMore).toBe(false);
  });

  it('ignores a late first page of an older query that arrives after the newer one', async () => {
    const server = fakeServer((q) => (q.platform === 'tiktok' ? 30 : 5));
    const { result, rerender } = renderHook(
      ({ query }: { query: Query }) =>
        usePagedList({ query, load: server.load, read, idOf, pageSize: 10 }),
      { initialProps: { query: { platform: 'tiktok' } } },
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    rerender({ query: { platform: 'youtube' } });
    await waitFor(() => expect(server.calls).toHaveLength(2));
    act(() => server.calls[1]?.resolve());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => server.calls[0]?.resolve());
    await act(() => Promise.resolve());
    expect(result.current.items.every((r) => r.id.startsWith('youtube-'))).toBe(true);
    expect(result.current.total).toBe(5);
  });

  it('treats an equal query object as no change, and null as "keep what is shown"', async () => {
    const server = fakeServer(() => 3);
    const { result, rerender } = renderHook(
      ({ query }: { query: Query | null }) =>
        usePagedList({ query, load: server.load, read, idOf, pageSize: 10 }),
      { initialProps: { query: { platform: 'tiktok' } as Query | null } },
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    act(() => server.calls[0]?.resolve());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ query: { platform: 'tiktok' } });
    rerender({ query: null });
    await act(() => Promise.resolve());
    expect(server.calls).toHaveLength(1);
    expect(result.current.items).toHaveLength(3);
    expect(result.current.status).toBe('ready');
  });

  it('reports a failed first page as error, and a failed next page without losing the rows', async () => {
    const server = fakeServer(() => 30);
    const { result } = renderHook(() =>
      usePagedList({ query: { platform: 'tiktok' }, load: server.load, read, idOf, pageSize: 10 }),
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    act(() => server.calls[0]?.reject(new Error('offline')));
    await waitFor(() => expect(result.current.status).toBe('error'));

    act(() => result.current.reload());
    await waitFor(() => expect(server.calls).toHaveLength(2));
    act(() => server.calls[1]?.resolve());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.loadMore());
    act(() => server.calls[2]?.reject(new Error('offline')));
    await waitFor(() => expect(result.current.moreFailed).toBe(true));
    expect(result.current.items).toHaveLength(10);
    expect(result.current.loadingMore).toBe(false);
    // It may be tried again.
    act(() => result.current.loadMore());
    expect(server.calls[3]).toMatchObject({ offset: 10 });
  });

  it('removes deleted rows (total follows) and puts fresher copies of rows in place', async () => {
    const server = fakeServer(() => 30);
    const { result } = renderHook(() =>
      usePagedList({ query: { platform: 'tiktok' }, load: server.load, read, idOf, pageSize: 10 }),
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    act(() => server.calls[0]?.resolve());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.removeItems(new Set(['tiktok-0', 'tiktok-1', 'not-loaded'])));
    expect(result.current.items).toHaveLength(8);
    expect(result.current.total).toBe(28);
    act(() => result.current.replaceItems([{ id: 'tiktok-5', n: 500 }]));
    expect(result.current.items.find((r) => r.id === 'tiktok-5')?.n).toBe(500);
    // The next page continues after the rows still loaded.
    act(() => result.current.loadMore());
    expect(server.calls[1]).toMatchObject({ offset: 8 });
  });
});
