import { describe, expect, it } from 'vitest';
import { fromDisplayDate, toDisplayDate } from './display-date.ts';

describe('display dates', () => {
  it('shows stored yyyy-MM-dd dates as dd/MM/yyyy', () => {
    expect(toDisplayDate('2025-03-09')).toBe('09/03/2025');
    expect(toDisplayDate('09/03/2025')).toBe('09/03/2025');
    expect(toDisplayDate(null)).toBe('');
    expect(toDisplayDate('2025-02-30')).toBe('');
  });

  it('reads typed dd/MM/yyyy dates as yyyy-MM-dd and refuses anything else', () => {
    expect(fromDisplayDate(' 31/12/2024 ')).toBe('2024-12-31');
    expect(fromDisplayDate('29/02/2024')).toBe('2024-02-29');
    expect(fromDisplayDate('29/02/2023')).toBeNull();
    expect(fromDisplayDate('2024-12-31')).toBeNull();
    expect(fromDisplayDate('1/2/2024')).toBeNull();
    expect(fromDisplayDate('')).toBeNull();
  });
});
