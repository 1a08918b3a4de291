import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromJakartaDateTime,
  jakartaClock,
  jakartaDate,
  jakartaDateTime,
  jakartaDayEnd,
  jakartaDayNumber,
  jakartaDayStart,
  jakartaTime,
} from './jakarta-time.ts';

// Jakarta is UTC+7 all year: midnight there is 17:00 UTC the day before. The machine running
// these is on UTC, a browser anywhere; the expectations are Jakarta's either way.

describe('jakartaDayNumber', () => {
  it('changes at 17:00 UTC, with the Jakarta date', () => {
    const before = jakartaDayNumber(new Date('2026-11-28T16:59:59.999Z'));
    const after = jakartaDayNumber(new Date('2026-11-28T17:00:00Z'));
    expect(after).toBe(before + 1);
    expect(new Date(after * 24 * 3600_000).toISOString().slice(0, 10)).toBe(jakartaDate(new Date('2026-11-28T17:00:00Z')));
  });
});

describe('jakartaDate', () => {
  it('counts Jakarta days: 20:00 UTC is already the next day there', () => {
    expect(jakartaDate(new Date('2025-03-09T20:00:00Z'))).toBe('2025-03-10');
    expect(jakartaDate(new Date('2025-03-09T16:59:00Z'))).toBe('2025-03-09');
  });

  it('turns the day at 17:00 UTC exactly, the minute before still the old one', () => {
    expect(jakartaDate(new Date('2025-01-01T16:59:59.999Z'))).toBe('2025-01-01');
    expect(jakartaDate(new Date('2025-01-01T17:00:00.000Z'))).toBe('2025-01-02');
  });

  it('rolls over months and years (and a leap day) before UTC does', () => {
    expect(jakartaDate(new Date('2025-01-31T18:00:00Z'))).toBe('2025-02-01');
    expect(jakartaDate(new Date('2024-12-31T17:00:00Z'))).toBe('2025-01-01');
    expect(jakartaDate(new Date('2024-02-28T17:30:00Z'))).toBe('2024-02-29');
  });

  it('starts the schedule date picker at today in Jakarta, whatever the browser zone', () => {
    // 18:00 UTC on 1 Jan is already 2 Jan in Jakarta; 05:00 UTC is noon on 1 Jan.
    expect(jakartaDate(new Date('2025-01-01T18:00:00.000Z'))).toBe('2025-01-02');
    expect(jakartaDate(new Date('2025-01-01T05:00:00.000Z'))).toBe('2025-01-01');
  });

  it('throws on an invalid date, as Intl and toISOString do', () => {
    expect(() => jakartaDate(new Date('bukan tanggal'))).toThrow(RangeError);
    expect(() => jakartaClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('times of day', () => {
  it('gives the time input its HH:mm, 24-hour, midnight as 00:00', () => {
    expect(jakartaTime(new Date('2025-01-05T07:30:05Z'))).toBe('14:30');
    expect(jakartaTime(new Date('2025-01-05T17:00:00Z'))).toBe('00:00');
  });

  it('writes the clock the Indonesian way, with seconds when asked', () => {
    expect(jakartaClock(new Date('2025-01-05T07:30:05Z'))).toBe('14.30');
    expect(jakartaClock(new Date('2025-01-05T07:30:05Z'), { seconds: true })).toBe('14.30.05');
    expect(jakartaClock(new Date('2025-01-05T17:00:00Z'), { seconds: true })).toBe('00.00.00');
  });

  it("writes date and time as id-ID's medium style does, Indonesian month names included", () => {
    expect(jakartaDateTime(new Date('2025-01-05T07:30:05Z'))).toBe('5 Jan 2025, 14.30');
    expect(jakartaDateTime(new Date('2025-03-01T18:10:00Z'))).toBe('2 Mar 2025, 01.10');
    const months = Array.from({ length: 12 }, (_, i) => jakartaDateTime(new Date(Date.UTC(2025, i, 5, 3, 4))));
    expect(months).toEqual([
      '5 Jan 2025, 10.04',
      '5 Feb 2025, 10.04',
      '5 Mar 2025, 10.04',
      '5 Apr 2025, 10.04',
      '5 Mei 2025, 10.04',
      '5 Jun 2025, 10.04',
      '5 Jul 2025, 10.04',
      '5 Agu 2025, 10.04',
      '5 Sep 2025, 10.04',
      '5 Okt 2025, 10.04',
      '5 Nov 2025, 10.04',
      '5 Des 2025, 10.04',
    ]);
    expect(jakartaDateTime(new Date('2025-12-31T17:00:00Z'))).toBe('1 Jan 2026, 00.00');
  });
});

describe('day boundaries', () => {
  it('starts a Jakarta day at 17:00 UTC the day before, and ends it 24 hours later', () => {
    expect(jakartaDayStart('2025-03-10').toISOString()).toBe('2025-03-09T17:00:00.000Z');
    expect(jakartaDayEnd('2025-03-10').toISOString()).toBe('2025-03-10T17:00:00.000Z');
  });

  it('starts the first of a month and of a year in the UTC month and year before', () => {
    expect(jakartaDayStart('2025-03-01').toISOString()).toBe('2025-02-28T17:00:00.000Z');
    expect(jakartaDayStart('2024-03-01').toISOString()).toBe('2024-02-29T17:00:00.000Z');
    expect(jakartaDayStart('2025-01-01').toISOString()).toBe('2024-12-31T17:00:00.000Z');
    expect(jakartaDayEnd('2024-12-31').toISOString()).toBe('2024-12-31T17:00:00.000Z');
  });

  it('agrees with jakartaDate on both sides of the boundary', () => {
    const start = jakartaDayStart('2026-11-01');
    expect(jakartaDate(start)).toBe('2026-11-01');
    expect(jakartaDate(new Date(start.getTime() - 1))).toBe('2026-10-31');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-03-10', -29)).toBe('2025-02-09');
  });
});

describe('fromJakartaDateTime', () => {
  it('reads the schedule fields as Jakarta wall-clock time', () => {
    expect(fromJakartaDateTime('2025-01-01', '12:00')?.toISOString()).toBe('2025-01-01T05:00:00.000Z');
    expect(fromJakartaDateTime('2025-01-01', '00:30')?.toISOString()).toBe('2024-12-31T17:30:00.000Z');
    expect(fromJakartaDateTime('2025-03-01', '06:59')?.toISOString()).toBe('2025-02-28T23:59:00.000Z');
  });

  it('is null for an impossible date or time, or another shape', () => {
    expect(fromJakartaDateTime('2025-02-29', '10:00')).toBeNull();
    expect(fromJakartaDateTime('2025-13-01', '10:00')).toBeNull();
    expect(fromJakartaDateTime('2025-01-01', '24:00')).toBeNull();
    expect(fromJakartaDateTime('2025-01-01', '10:60')).toBeNull();
    expect(fromJakartaDateTime('01/01/2025', '10:00')).toBeNull();
    expect(fromJakartaDateTime('2025-01-01', '10.00')).toBeNull();
    expect(fromJakartaDateTime('', '')).toBeNull();
  });

  it('takes back what jakartaDate and jakartaTime gave', () => {
    const at = new Date('2025-07-14T22:45:00Z');
    expect(fromJakartaDateTime(jakartaDate(at), jakartaTime(at))?.getTime()).toBe(at.getTime());
  });
});
