import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrapeCosts } from './scrape-costs.tsx';

const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function month(m: string, totalUsd: number, runs: number, members?: number) {
  return { month: m, totalUsd, runs, runsWithoutCost: 0, ...(members === undefined ? {} : { members }) };
}

/** `count` members with runs in November only, member-1 spending the most. */
function members(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    userId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    username: `member-${i + 1}`,
    monthly: MONTHS.map((m) => (m === '2026-11' ? month(m, count - i, 1) : month(m, 0, 0))),
  }));
}

function memberRows() {
  const table = screen.getByRole('table', { name: /Biaya scraping per pengguna/ });
  return within(table).getAllByRole('row').slice(1);
}

describe('ScrapeCosts (admin)', () => {
  it("lists a month's 50 highest members and says how many ran scraping that month", () => {
    const monthly = MONTHS.map((m) => (m === '2026-11' ? month(m, 1830, 60, 60) : month(m, 0, 0, 0)));
    // The answer carries each month's highest (here 55: some are another month's highest).
    render(<ScrapeCosts isAdmin costs={{ monthly, byMember: members(55) }} />);
    const rows = memberRows();
    expect(rows).toHaveLength(50);
    expect(rows[0]?.textContent).toMatch(/member-1(?!\d)/);
    expect(rows[49]?.textContent).toMatch(/member-50(?!\d)/);
    screen.getByText(
      'Menampilkan 50 pengguna dengan biaya tertinggi dari 60 pengguna yang menjalankan scraping pada bulan ini.',
    );
  });

  it('says nothing more when every member of the month is listed', () => {
    const monthly = MONTHS.map((m) => (m === '2026-11' ? month(m, 6, 3, 3) : month(m, 0, 0, 0)));
    render(<ScrapeCosts isAdmin costs={{ monthly, byMember: members(3) }} />);
    expect(memberRows()).toHaveLength(3);
    expect(screen.queryByText(/^Menampilkan/)).toBeNull();
  });
});
