import { describe, expect, it } from 'vitest';
import { formatAge, formatWib } from './describe-tools.ts';

describe('formatAge', () => {
  it('says the age in days, less than a day for 0, and nothing when unknown', () => {
    expect(formatAge(120)).toBe('120 hari');
    expect(formatAge(1)).toBe('1 hari');
    expect(formatAge(0)).toBe('kurang dari 1 hari');
    expect(formatAge(null)).toBe('');
  });
});

describe('formatWib', () => {
  it('shows the instant in Jakarta time and says so', () => {
    expect(formatWib('2026-11-20T17:30:00Z')).toMatch(/^21 Nov 2026, 00\.30 WIB$/);
    expect(formatWib('bukan tanggal')).toBe('');
  });
});
