import type { HistoryItem } from '@scrapper/contracts/http/media';
import { describe, expect, it } from 'vitest';
import type { HistoryPage } from '../api/list-history.ts';
import { EMPTY_LIST, appendPage, firstPage, nextOffset, withoutItems } from './history-list.ts';

const USER = { id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'budi' };

function entry(n: number, platform = 'tiktok'): HistoryItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Video ${n}`,
    platform,
    author: 'kreator',
    quality: 'best',
    status: 'completed',
    error: null,
    errorDetail: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    filename: `video-${n}.mp4`,
    sizeBytes: 1000,
    fileExists: true,
    progress: 100,
    user: USER,
  };
}

function page(items: HistoryItem[], total: number, hasMore: boolean): HistoryPage {
  return {
    history: items,
    pagination: { total, hasMore },
    stats: { total, byPlatform: [{ platform: 'tiktok', count: total }] },
  };
}

describe('history list', () => {
  it('asks for the next page at the number of items already loaded', () => {
    expect(nextOffset(EMPTY_LIST)).toBe(0);
    const list = firstPage(page([entry(1), entry(2)], 5, true));
    expect(nextOffset(list)).toBe(2);
    const more = appendPage(list, page([entry(3), entry(4)], 5, true));
    expect(nextOffset(more)).toBe(4);
    expect(more.items.map((i) => i.title)).toEqual(['Video 1', 'Video 2', 'Video 3', 'Video 4']);
  });

  it('does not repeat an item a shifted page brings again', () => {
    const list = firstPage(page([entry(1), entry(2)], 3, true));
    const more = appendPage(list, page([entry(2), entry(3)], 3, false));
    expect(more.items).toHaveLength(3);
    expect(more.hasMore).toBe(false);
  });

  it('after deleting, counts and offset shrink with the list', () => {
    const list = firstPage({
      history: [entry(1), entry(2, 'youtube'), entry(3)],
      pagination: { total: 10, hasMore: true },
      stats: {
        total: 10,
        byPlatform: [
          { platform: 'tiktok', count: 9 },
          { platform: 'youtube', count: 1 },
        ],
      },
    });
    const ids = new Set([entry(2).id, entry(3).id]);
    const after = withoutItems(list, ids);
    expect(after.items.map((i) => i.title)).toEqual(['Video 1']);
    expect(after.total).toBe(8);
    expect(after.stats).toEqual({ total: 8, byPlatform: [{ platform: 'tiktok', count: 8 }] });
    expect(nextOffset(after)).toBe(1);
    expect(withoutItems(list, new Set(['nope']))).toBe(list);
  });
});
