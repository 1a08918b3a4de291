import { describe, expect, it } from 'vitest';
import { toText } from './to-text.ts';

describe('toText', () => {
  it('trims strings', () => {
    expect(toText('  Resep nasi goreng  ')).toBe('Resep nasi goreng');
  });

  it('writes numbers in full, never in exponent form', () => {
    expect(toText(7341234567)).toBe('7341234567');
    expect(toText(1e21)).toBe('1000000000000000000000');
    expect(toText(12.5)).toBe('12.5');
    expect(toText(7341234567890123456n)).toBe('7341234567890123456');
  });

  it('gives an empty string for anything else', () => {
    for (const value of [undefined, null, true, false, NaN, Infinity, {}, ['a'], Symbol('s')]) {
      expect(toText(value)).toBe('');
    }
  });
});
