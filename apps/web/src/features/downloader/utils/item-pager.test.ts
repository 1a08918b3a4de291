import { describe, expect, it } from 'vitest';
import {
  LOAD_AHEAD_ROWS,
  NEXT_PAGE_SIZE,
  initialPager,
  nextPageToLoad,
  pagerReducer,
} from './item-pager.ts';
import type { ItemPage, PagerEvent, PagerState } from './item-pager.ts';

interface Row {
  id: string;
}

const COUNTS = { all: 1000, hiddenByDuration: 0, hiddenAsDuplicate: 0, hiddenAsDownloaded: 0 };

function rows(from: number, count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({ id: `r${from + i}` }));
}

function page(from: number, count: number, total = 1000): ItemPage<Row> {
  return {
    items: rows(from, count),
    pagination: { total, hasMore: from + count < total },
    counts: COUNTS,
  };
}

function run(...events: PagerEvent<Row>[]): PagerState<Row> {
  return events.reduce((state, event) => pagerReducer(state, event), initialPager<Row>());
}

describe('item pager', () => {
  it('shows the first page, then appends the next one at offset = rows held', () => {
    const first = run(
      { type: 'start', key: 'a' },
      { type: 'page', key: 'a', offset: 0, page: page(0, 100) },
    );
    expect(first.status).toBe('ready');
    expect(first.items).toHaveLength(100);
    expect(first.total).toBe(1000);
    expect(first.hasMore).toBe(true);
    const more = [
      { type: 'more', key: 'a', offset: 100 },
      { type: 'page', key: 'a', offset: 100, page: page(100, 500) },
    ] as const;
    const second = more.reduce((s, e) => pagerReducer(s, e), first);
    expect(second.items.map((r) => r.id).slice(98, 102)).toEqual(['r98', 'r99', 'r100', 'r101']);
    expect(second.items).toHaveLength(600);
    expect(second.pendingOffset).toBeNull();
  });

  it('drops the answer of an older query: a new query starts empty and keeps only its own rows', () => {
    const state = run(
      { type: 'start', key: 'old' },
      { type: 'start', key: 'new' },
      { type: 'page', key: 'old', offset: 0, page: page(0, 100) },
    );
    expect(state.key).toBe('new');
    expect(state.status).toBe('loading');
    expect(state.items).toHaveLength(0);
    const done = pagerReducer(state, {
      type: 'page',
      key: 'new',
      offset: 0,
      page: page(500, 10, 10),
    });
    expect(done.items.map((r) => r.id)).toEqual(rows(500, 10).map((r) => r.id));
    expect(done.hasMore).toBe(false);
  });

  it('drops a next page of an older query that arrives after the new first page', () => {
    const state = run(
      { type: 'start', key: 'old' },
      { type: 'page', key: 'old', offset: 0, page: page(0, 100) },
      { type: 'more', key: 'old', offset: 100 },
      { type: 'start', key: 'new' },
      { type: 'page', key: 'new', offset: 0, page: page(0, 100) },
      { type: 'page', key: 'old', offset: 100, page: page(100, 500) },
    );
    expect(state.items).toHaveLength(100);
    expect(state.key).toBe('new');
  });

  it('ignores a page that was not asked for (out of turn)', () => {
    const ready = run(
      { type: 'start', key: 'a' },
      { type: 'page', key: 'a', offset: 0, page: page(0, 100) },
    );
    expect(pagerReducer(ready, { type: 'page', key: 'a', offset: 100, page: page(100, 500) })).toBe(
      ready,
    );
    expect(pagerReducer(ready, { type: 'more', key: 'a', offset: 50 })).toBe(ready);
  });

  it('does not show an item twice when the list moved between pages, and stops when a page adds nothing', () => {
    const state = run(
      { type: 'start', key: 'a' },
      { type: 'page', key: 'a', offset: 0, page: page(0, 100) },
      { type: 'more', key: 'a', offset: 100 },
      // The list moved by 2: the page repeats r98 and r99.
      {
        type: 'page',
        key: 'a',
        offset: 100,
        page: { ...page(98, 100), pagination: { total: 1000, hasMore: true } },
      },
    );
    expect(state.items).toHaveLength(198);
    expect(new Set(state.items.map((r) => r.id)).size).toBe(198);
    const stuck = [
      { type: 'more', key: 'a', offset: 198 },
      {
        type: 'page',
        key: 'a',
        offset: 198,
        page: { ...page(100, 98), pagination: { total: 1000, hasMore: true } },
      },
    ] as const;
    const after = stuck.reduce((s, e) => pagerReducer(s, e), state);
    expect(after.hasMore).toBe(false);
  });

  it('a failed first page is an error; a failed next page keeps the rows and waits for a retry', () => {
    expect(run({ type: 'start', key: 'a' }, { type: 'failed', key: 'a', offset: 0 }).status).toBe(
      'error',
    );
    const failed = run(
      { type: 'start', key: 'a' },
      { type: 'page', key: 'a', offset: 0, page: page(0, 100) },
      { type: 'more', key: 'a', offset: 100 },
      { type: 'failed', key: 'a', offset: 100 },
    );
    expect(failed.items).toHaveLength(100);
    expect(failed.moreFailed).toBe(true);
    expect(failed.status).toBe('ready');
    expect(nextPageToLoad(failed, 100)).toBeNull();
    expect(pagerReducer(failed, { type: 'more', key: 'a', offset: 100 }).moreFailed).toBe(false);
  });

  it('asks for the next page only when the window nears the loaded end, once at a time', () => {
    const ready = run(
      { type: 'start', key: 'a' },
      { type: 'page', key: 'a', offset: 0, page: page(0, 100) },
    );
    expect(nextPageToLoad(ready, 20)).toBeNull();
    expect(nextPageToLoad(ready, 100 - LOAD_AHEAD_ROWS)).toEqual({
      offset: 100,
      limit: NEXT_PAGE_SIZE,
    });
    const loading = pagerReducer(ready, { type: 'more', key: 'a', offset: 100 });
    expect(nextPageToLoad(loading, 100)).toBeNull();
    const end = run(
      { type: 'start', key: 'a' },
      { type: 'page', key: 'a', offset: 0, page: page(0, 10, 10) },
    );
    expect(nextPageToLoad(end, 10)).toBeNull();
    expect(nextPageToLoad(run({ type: 'start', key: 'a' }), 0)).toBeNull();
  });

  it('no query, no rows: idle', () => {
    const state = run({ type: 'start', key: 'a' }, { type: 'start', key: null });
    expect(state.status).toBe('idle');
    expect(state.items).toHaveLength(0);
  });
});
