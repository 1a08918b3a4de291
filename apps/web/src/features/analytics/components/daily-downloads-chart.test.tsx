import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyDownloadsChart } from './daily-downloads-chart.tsx';

const week = [
  { date: '2025-09-24', downloads: 0 },
  { date: '2025-09-25', downloads: 1 },
  { date: '2025-09-26', downloads: 40 },
  { date: '2025-09-27', downloads: 0 },
  { date: '2025-09-28', downloads: 20 },
  { date: '2025-09-29', downloads: 3 },
  { date: '2025-09-30', downloads: 2 },
];

describe('DailyDownloadsChart', () => {
  it('draws a bar per day with downloads, tallest for the busiest, none under 20 px', () => {
    render(<DailyDownloadsChart days={week} />);
    const chart = screen.getByRole('img');
    const heights = [...chart.querySelectorAll('rect')].map((rect) =>
      Number(rect.getAttribute('height')),
    );
    expect(heights).toEqual([20, 160, 80, 20, 20]);
    expect(chart.getAttribute('aria-label')).toMatch(
      /7 hari terakhir: 66 unduhan, terbanyak 40 pada Jumat, 26 September 2025/,
    );
  });

  it('labels every day and gives the exact figures in a table', () => {
    render(<DailyDownloadsChart days={week} />);
    const chart = screen.getByRole('img');
    expect(chart.textContent).toMatch(/Rab24\/09/);
    const table = screen.getByRole('table', { name: 'Unduhan harian, 7 hari terakhir' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Rabu, 24 September 20250',
      'Kamis, 25 September 20251',
      'Jumat, 26 September 202540',
      'Sabtu, 27 September 20250',
      'Minggu, 28 September 202520',
      'Senin, 29 September 20253',
      'Selasa, 30 September 20252',
    ]);
  });

  it('says so when the week had no downloads', () => {
    render(<DailyDownloadsChart days={week.map((day) => ({ ...day, downloads: 0 }))} />);
    expect(screen.getByRole('img').querySelectorAll('rect')).toHaveLength(0);
    expect(screen.getByText('Belum ada unduhan dalam 7 hari terakhir.').tagName).toBe('P');
  });
});
