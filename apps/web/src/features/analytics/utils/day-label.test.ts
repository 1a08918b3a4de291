import { describe, expect, it } from 'vitest';
import { dayLabel } from './day-label.ts';

describe('daily chart day labels', () => {
  it('gives the Indonesian weekday, a short dd/MM and the full date', () => {
    expect(dayLabel('2025-09-29')).toEqual({
      weekday: 'Sen',
      short: '29/09',
      full: 'Senin, 29 September 2025',
    });
    expect(dayLabel('2025-10-05')).toEqual({
      weekday: 'Min',
      short: '05/10',
      full: 'Minggu, 5 Oktober 2025',
    });
  });

  it('labels the day the server named, whatever the browser time zone', () => {
    // Midnight UTC is still the previous evening west of Greenwich; the label must not move.
    expect(dayLabel('2025-01-01').full).toBe('Rabu, 1 Januari 2025');
    expect(dayLabel('2024-02-29').short).toBe('29/02');
  });

  it('shows a value that is not a real date as it came', () => {
    expect(dayLabel('2025-02-30')).toEqual({
      weekday: '',
      short: '2025-02-30',
      full: '2025-02-30',
    });
    expect(dayLabel('kemarin')).toEqual({ weekday: '', short: 'kemarin', full: 'kemarin' });
  });
});
