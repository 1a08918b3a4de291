import { describe, expect, it } from 'vitest';
import { parseCount } from './parse-count.ts';

describe('parseCount', () => {
  it('keeps whole numbers and zero', () => {
    expect(parseCount(45800)).toBe(45800);
    expect(parseCount(0)).toBe(0);
    expect(parseCount(12.6)).toBe(13);
    expect(parseCount(12345678901234567890n)).toBe(12345678901234567000);
  });

  it('reads numeric strings with thousands separators', () => {
    expect(parseCount('1534')).toBe(1534);
    expect(parseCount(' 1,234,567 ')).toBe(1234567);
    expect(parseCount('1 234')).toBe(1234);
    expect(parseCount('1_000')).toBe(1000);
  });

  it('reads K / M / B abbreviations', () => {
    expect(parseCount('1.2K')).toBe(1200);
    expect(parseCount('45.8k')).toBe(45800);
    expect(parseCount('3M')).toBe(3000000);
    expect(parseCount('2.5 B')).toBe(2500000000);
    expect(parseCount('999')).toBe(999);
  });

  it('gives null for hidden (negative) counts and unreadable values', () => {
    for (const value of [-1, '-1', -1n, undefined, null, '', 'N/A', '1.2X', '1,2K', '12 views', true, {}, [1], NaN, Infinity]) {
      expect(parseCount(value), String(value)).toBeNull();
    }
  });
});
