import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent } from './format.ts';

describe('analytics formats', () => {
  it("shows '-' for a rate with nothing to count, never 0%", () => {
    expect(formatPercent(null)).toBe('-');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(87.5)).toBe('87,5%');
  });

  it('groups thousands the Indonesian way', () => {
    expect(formatCount(12345)).toBe('12.345');
  });
});
