import type { CookieSets } from '@scrapper/contracts/http/cookies';
import { describe, expect, it } from 'vitest';
import { addCookie, cookieEntryLabel, removeCookie } from './cookie-entries.ts';

const empty: CookieSets = { tiktok: [], douyin: [], youtube: [], instagram: [], facebook: [] };

describe('cookie entries', () => {
  it("show 'Cookie N: ' with the first 50 characters and '...'", () => {
    const long = `sessionid=${'a'.repeat(80)}`;
    expect(cookieEntryLabel(0, long)).toBe(`Cookie 1: ${long.slice(0, 50)}...`);
    expect(cookieEntryLabel(0, long)).toHaveLength('Cookie 1: '.length + 50 + 3);
    expect(cookieEntryLabel(2, 'sid=1')).toBe('Cookie 3: sid=1...');
  });

  it('are added only when the trimmed text is not empty, and stored trimmed', () => {
    expect(addCookie(empty, 'tiktok', '   \n ')).toBeNull();
    expect(addCookie(empty, 'tiktok', '  sid=1 \n')).toEqual({ ...empty, tiktok: ['sid=1'] });
  });

  it('are removed by position on their platform only', () => {
    const sets = { ...empty, youtube: ['a', 'b', 'c'], tiktok: ['a'] };
    expect(removeCookie(sets, 'youtube', 1)).toEqual({ ...sets, youtube: ['a', 'c'] });
  });
});
