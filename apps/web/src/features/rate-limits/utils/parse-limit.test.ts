import { describe, expect, it } from 'vitest';
import { parseLimit } from './parse-limit.ts';

describe('parseLimit', () => {
  it('reads empty as no limit', () => {
    expect(parseLimit('  ')).toEqual({ ok: true, value: null });
  });
  it('reads whole numbers in range', () => {
    expect(parseLimit(' 30 ')).toEqual({ ok: true, value: 30 });
    expect(parseLimit('10000')).toEqual({ ok: true, value: 10000 });
  });
  it('refuses fractions, signs, zero and too much', () => {
    for (const text of ['1.5', '-3', '0', '10001', 'abc', '1e3']) expect(parseLimit(text).ok).toBe(false);
  });
});
