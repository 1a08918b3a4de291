import type { ScrapeHistoryRecord, Task } from '@scrapper/contracts/http/scrape';
import { describe, expect, it } from 'vitest';
import { tiktokPlatform } from '@test/platform-config.ts';
import { scrapeTask } from '@test/scrape-task.ts';
import { fromHistory, fromTask, startedTask, taskTarget, tasksReducer } from './dashboard-task.ts';

const tiktok = tiktokPlatform();

function task(id: string, overrides: Partial<Task> = {}): Task {
  return scrapeTask({
    id,
    progress: { percentage: 40, itemsFound: 8 },
    logs: [{ id: 1, message: 'Aktor berjalan', at: '2025-01-01T00:00:01.000Z' }],
    logCount: 1,
    data: {
      actorId: 'clockworks/tiktok-scraper',
      input: { resultsPerPage: 20, postURLs: 'https://t.example/v/1' },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'url' },
    },
    usageTotalUsd: 0.0042,
    ...overrides,
  });
}

function record(id: string, overrides: Partial<ScrapeHistoryRecord> = {}): ScrapeHistoryRecord {
  return {
    jobId: id,
    status: 'completed',
    platform: 'tiktok',
    target: 'kucing',
    resultFileName: 'tiktok_20250101-000000_abcdef12.json',
    itemCount: 7,
    completedAt: '2025-01-02T00:00:00.000Z',
    username: 'budi',
    usageTotalUsd: 0.0123,
    counts: { found: 9, saved: 7, skipped: { notVideo: 2 } },
    warning: null,
    error: null,
    errorDetail: null,
    retryOf: null,
    ...overrides,
  };
}

describe('dashboard tasks', () => {
  it('keep what a history record says of how it ended, so a reload still shows it', () => {
    const failed = fromHistory(
      record('f', { status: 'failed', resultFileName: null, counts: null, error: 'Apify menolak API key.', errorDetail: 'HTTP 401' }),
      [tiktok],
    );
    expect(failed).toMatchObject({ state: 'failed', error: 'Apify menolak API key.', errorDetail: 'HTTP 401' });
    const warned = fromHistory(record('w', { counts: { found: 4, saved: 0, skipped: { notVideo: 4 } }, warning: 'Tidak ada item.' }), [tiktok]);
    expect(warned).toMatchObject({ counts: { found: 4, saved: 0 }, warning: 'Tidak ada item.' });
    // "Item ditemukan" after a reload is what the run found, as while it ran, not what it kept.
    expect(warned.progress.itemsFound).toBe(4);
  });

  it("read a server task's target under the platform's key for its kind", () => {
    expect(taskTarget(task('a'), [tiktok])).toBe('https://t.example/v/1');
    // Without the platform list, the first text value of the input.
    expect(taskTarget(task('a'), [])).toBe('https://t.example/v/1');
  });

  it('turn history records into finished tasks whose logs are fetched on demand', () => {
    expect(fromHistory(record('h'), [tiktok])).toMatchObject({
      id: 'h',
      state: 'completed',
      platformName: 'TikTok',
      target: 'kucing',
      progress: { percentage: 100, itemsFound: 9 },
      result: { fileName: 'tiktok_20250101-000000_abcdef12.json', itemCount: 7 },
      logsLoaded: false,
      isFromHistory: true,
      usageTotalUsd: 0.0123,
    });
    expect(fromHistory(record('u', { usageTotalUsd: null }), [tiktok]).usageTotalUsd).toBeNull();
  });

  it("carry a server task's cost so far, and none for a task just started here", () => {
    expect(fromTask(task('c'), [tiktok]).usageTotalUsd).toBe(0.0042);
    expect(startedTask('s', tiktok, 'kucing', 'budi').usageTotalUsd).toBeNull();
    const updated = tasksReducer([startedTask('s', tiktok, 'kucing', 'budi')], {
      type: 'updated',
      task: task('s', { usageTotalUsd: 0.01 }),
      platforms: [tiktok],
    });
    expect(updated[0]?.usageTotalUsd).toBe(0.01);
  });

  it('keep the newest first, each id once, the final form of a task in both lists', () => {
    const started = startedTask('new', tiktok, 'anjing', 'budi', '2025-01-03T00:00:00.000Z');
    const afterStart = tasksReducer([], { type: 'added', task: started });
    const loaded = tasksReducer(afterStart, {
      type: 'loaded',
      tasks: [
        fromTask(task('both'), [tiktok]),
        fromHistory(record('both', { status: 'completed' }), [tiktok]),
        fromHistory(record('old', { completedAt: '2024-12-31T00:00:00.000Z' }), [tiktok]),
      ],
    });
    expect(loaded.map((t) => [t.id, t.state])).toEqual([
      ['new', 'waiting'],
      ['both', 'completed'],
      ['old', 'completed'],
    ]);
  });

  it('apply a status answer without losing the target typed here', () => {
    const started = startedTask('t1', tiktok, 'kucing lucu', 'budi');
    const updated = tasksReducer([started], {
      type: 'updated',
      task: task('t1', { state: 'completed', data: { ...task('t1').data, input: {} } }),
      platforms: [tiktok],
    });
    expect(updated[0]).toMatchObject({ id: 't1', state: 'completed', target: 'kucing lucu' });
    expect(tasksReducer(updated, { type: 'removed', id: 't1' })).toEqual([]);
  });
});
