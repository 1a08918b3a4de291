import type { HistoryItem } from '@scrapper/contracts/http/media';
import { describe, expect, it } from 'vitest';
import { activeWindows, isActive, statsWithout } from './history-list.ts';

const USER = { id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'budi' };

function entry(n: number, platform = 'tiktok', status: HistoryItem['status'] = 'completed'): HistoryItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Video ${n}`,
    platform,
    author: 'kreator',
    quality: 'best',
    status,
    error: null,
    errorDetail: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    filename: `video-${n}.mp4`,
    sizeBytes: 1000,
    fileExists: status === 'completed',
    progress: status === 'completed' ? 100 : 40,
    user: USER,
  };
}

describe('history list', () => {
  it('after deleting, the total and per-platform counts shrink', () => {
    const stats = {
      total: 10,
      byPlatform: [
        { platform: 'tiktok', count: 9 },
        { platform: 'youtube', count: 1 },
      ],
    };
    expect(statsWithout(stats, [entry(2, 'youtube'), entry(3)])).toEqual({
      total: 8,
      byPlatform: [{ platform: 'tiktok', count: 8 }],
    });
    expect(statsWithout(stats, [])).toBe(stats);
  });

  it('knows which rows are still on their way', () => {
    expect(isActive(entry(1, 'tiktok', 'running'))).toBe(true);
    expect(isActive(entry(1, 'tiktok', 'queued'))).toBe(true);
    expect(isActive(entry(1))).toBe(false);
  });

  it('refreshes running rows with as few pages as cover them, each centred on its row', () => {
    const items = Array.from({ length: 1000 }, (_, n) => entry(n, 'tiktok', [0, 3, 40, 700].includes(n) ? 'running' : 'completed'));
    expect(activeWindows(items, 100)).toEqual([
      { offset: 0, limit: 100 },
      { offset: 650, limit: 100 },
    ]);
    expect(activeWindows(items.map((item) => ({ ...item, status: 'completed' as const })), 100)).toEqual([]);
  });
});
