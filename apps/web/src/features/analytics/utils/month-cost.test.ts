import { describe, expect, it } from 'vitest';
import { monthCostText, monthLabel, monthRunsText } from './month-cost.ts';

const month = (totalUsd: number, runs: number, runsWithoutCost = 0) => ({ month: '2026-10', totalUsd, runs, runsWithoutCost });

describe('monthly cost figures', () => {
  it('label Jakarta months in Indonesian', () => {
    expect(monthLabel('2026-10')).toBe('Oktober 2026');
    expect(monthLabel('2027-01')).toBe('Januari 2027');
    expect(monthLabel('bukan bulan')).toBe('bukan bulan');
  });

  it('show the known total, $0 without runs, and — when no run reported a cost', () => {
    expect(monthCostText(month(0.0165, 2))).toBe('$0.0165');
    expect(monthCostText(month(0, 0))).toBe('$0.0000');
    expect(monthCostText(month(0, 2, 2))).toBe('—');
    expect(monthCostText(month(0.5, 3, 1))).toBe('$0.5000');
  });

  it('count runs, naming those without a cost', () => {
    expect(monthRunsText(month(0.5, 3))).toBe('3');
    expect(monthRunsText(month(0.5, 3, 1))).toBe('3 (1 tanpa data biaya)');
  });
});
