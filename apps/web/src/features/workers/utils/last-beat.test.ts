import { describe, expect, it } from 'vitest';
import { formatLastBeat } from './last-beat.ts';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatLastBeat', () => {
  it('says how long ago in Indonesian, in the largest whole unit', () => {
    expect(formatLastBeat(ago(0), now)).toBe('baru saja');
    expect(formatLastBeat(ago(4), now)).toBe('baru saja');
    expect(formatLastBeat(ago(12), now)).toBe('12 detik yang lalu');
    expect(formatLastBeat(ago(59), now)).toBe('59 detik yang lalu');
    expect(formatLastBeat(ago(60), now)).toBe('1 menit yang lalu');
    expect(formatLastBeat(ago(185), now)).toBe('3 menit yang lalu');
    expect(formatLastBeat(ago(2 * 3600 + 59), now)).toBe('2 jam yang lalu');
    expect(formatLastBeat(ago(3 * 86400), now)).toBe('3 hari yang lalu');
  });

  it("reads a beat stamped slightly ahead of this browser's clock as just now", () => {
    expect(formatLastBeat(ago(-3), now)).toBe('baru saja');
  });
});
