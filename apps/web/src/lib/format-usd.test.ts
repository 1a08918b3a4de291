import { describe, expect, it } from 'vitest';
import { formatUsd, UNKNOWN_COST } from './format-usd.ts';

describe('formatUsd', () => {
  it('shows dollars with four decimals', () => {
    expect(formatUsd(0.0123)).toBe('$0.0123');
    expect(formatUsd(0)).toBe('$0.0000');
    expect(formatUsd(2.25)).toBe('$2.2500');
    expect(formatUsd(0.123456)).toBe('$0.1235');
    expect(formatUsd(1234.56)).toBe('$1,234.5600');
  });

  it('never shows a paid run as free', () => {
    expect(formatUsd(0.000001)).toBe('<$0.0001');
    expect(formatUsd(0.00005)).toBe('$0.0001');
  });

  it("shows '—' for an unknown cost", () => {
    expect(UNKNOWN_COST).toBe('—');
    for (const value of [null, undefined, Number.NaN, -1, Number.POSITIVE_INFINITY]) expect(formatUsd(value)).toBe('—');
  });
});
