import { describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED_IDS,
  downloadedIdsKey,
  readDownloadedIds,
  rememberDownloadedIds,
} from './downloaded-ids.ts';

const USER = 'user-1';

describe('downloaded item ids in localStorage', () => {
  it('are remembered across page loads (read back from storage)', () => {
    rememberDownloadedIds(window.localStorage, USER, ['7001', '7002']);
    expect([...readDownloadedIds(window.localStorage, USER)]).toEqual(['7001', '7002']);
    expect(window.localStorage.getItem(downloadedIdsKey(USER))).toBe('["7001","7002"]');
  });

  it('add to what is there, each id once', () => {
    rememberDownloadedIds(window.localStorage, USER, ['a', 'b']);
    const ids = rememberDownloadedIds(window.localStorage, USER, ['b', 'c']);
    expect([...ids]).toEqual(['a', 'b', 'c']);
  });

  it('are kept per user', () => {
    rememberDownloadedIds(window.localStorage, USER, ['a']);
    expect(readDownloadedIds(window.localStorage, 'user-2').size).toBe(0);
  });

  it('read garbage as nothing', () => {
    window.localStorage.setItem(downloadedIdsKey(USER), '{not json');
    expect(readDownloadedIds(window.localStorage, USER).size).toBe(0);
    window.localStorage.setItem(downloadedIdsKey(USER), '{"a":1}');
    expect(readDownloadedIds(window.localStorage, USER).size).toBe(0);
    window.localStorage.setItem(downloadedIdsKey(USER), '["a", 2, null]');
    expect([...readDownloadedIds(window.localStorage, USER)]).toEqual(['a']);
  });

  it('keep only the newest ids past the cap', () => {
    const many = Array.from({ length: MAX_REMEMBERED_IDS + 5 }, (_, i) => `id${i}`);
    const ids = rememberDownloadedIds(window.localStorage, USER, many);
    expect(ids.size).toBe(MAX_REMEMBERED_IDS);
    expect(ids.has('id0')).toBe(false);
    expect(ids.has(`id${MAX_REMEMBERED_IDS + 4}`)).toBe(true);
  });

  it('survive a storage that refuses to write', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect([...rememberDownloadedIds(storage, USER, ['a'])]).toEqual(['a']);
  });
});
