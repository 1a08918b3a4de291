import { describe, expect, it } from 'vitest';
import { isLockedPrivate, keepsSchedule } from './youtube-privacy.ts';
import {
  nextQuotaDayStart,
  quotaDay,
  quotaRemaining,
  quotaResetText,
  UPLOAD_EXTRAS_UNITS,
  YOUTUBE_QUOTA_DEFAULTS,
  YOUTUBE_UNIT_COSTS,
} from './youtube-quota.ts';

describe('YouTube quota (2026)', () => {
  it('has Google’s defaults: 100 inserts a day beside 10,000 units, extras at 50 each', () => {
    expect(YOUTUBE_QUOTA_DEFAULTS).toEqual({ dailyUploads: 100, dailyUnits: 10_000 });
    expect(YOUTUBE_UNIT_COSTS['thumbnails.set']).toBe(50);
    expect(YOUTUBE_UNIT_COSTS['playlistItems.insert']).toBe(50);
    expect(YOUTUBE_UNIT_COSTS['channels.list']).toBe(1);
    expect(YOUTUBE_UNIT_COSTS['videos.list']).toBe(1);
    expect(UPLOAD_EXTRAS_UNITS).toBe(100);
    // videos.insert is not in the units bucket any more.
    expect(Object.keys(YOUTUBE_UNIT_COSTS)).not.toContain('videos.insert');
  });

  it('counts days in Pacific time and resets at Pacific midnight (15:00 WIB in winter, 14:00 in summer)', () => {
    // 14:59 WIB on 10 January is 23:59 on 9 January in Los Angeles (PST, UTC-8).
    expect(quotaDay(new Date('2026-01-10T07:59:00Z'))).toBe('2026-01-09');
    expect(quotaDay(new Date('2026-01-10T08:00:00Z'))).toBe('2026-01-10');
    expect(nextQuotaDayStart(new Date('2026-01-10T07:59:00Z')).toISOString()).toBe('2026-01-10T08:00:00.000Z');
    expect(nextQuotaDayStart(new Date('2026-01-10T08:00:00Z')).toISOString()).toBe('2026-01-11T08:00:00.000Z');
    // PDT (UTC-7): midnight is 07:00 UTC, 14:00 WIB.
    expect(nextQuotaDayStart(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z');
    // The day daylight saving starts (8 March 2026) is 23 hours long; the reset is still midnight.
    expect(nextQuotaDayStart(new Date('2026-03-08T09:00:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('names the reset time in WIB', () => {
    expect(quotaResetText(new Date('2026-01-10T08:00:00Z'))).toBe('direset pukul 15.00 WIB');
    expect(quotaResetText(new Date('2026-07-02T07:00:00Z'))).toBe('direset pukul 14.00 WIB');
  });

  it('never shows a negative remainder', () => {
    expect(quotaRemaining(100, 3)).toBe(97);
    expect(quotaRemaining(100, 140)).toBe(0);
  });
});

describe('YouTube privacy answers', () => {
  it('keeps a schedule only while it is more than a minute ahead', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(keepsSchedule(null, now)).toBe(false);
    expect(keepsSchedule(new Date('2026-05-01T00:01:00Z'), now)).toBe(false);
    expect(keepsSchedule(new Date('2026-05-01T00:01:01Z'), now)).toBe(true);
  });

  it('marks a private answer to a public or unlisted request, but not a scheduled one', () => {
    expect(isLockedPrivate({ requested: 'public', sentScheduled: false, answered: 'private' })).toBe(true);
    expect(isLockedPrivate({ requested: 'unlisted', sentScheduled: false, answered: 'private' })).toBe(true);
    expect(isLockedPrivate({ requested: 'public', sentScheduled: true, answered: 'private' })).toBe(false);
    expect(isLockedPrivate({ requested: 'private', sentScheduled: false, answered: 'private' })).toBe(false);
    expect(isLockedPrivate({ requested: 'public', sentScheduled: false, answered: 'public' })).toBe(false);
    expect(isLockedPrivate({ requested: 'public', sentScheduled: false, answered: null })).toBe(false);
  });
});
