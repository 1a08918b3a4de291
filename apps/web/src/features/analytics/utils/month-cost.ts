import type { MonthlyScrapeCost } from '@scrapper/contracts/http/analytics';
import { formatUsd, UNKNOWN_COST } from '@/lib/format-usd.ts';

// The monthly Apify cost figures as the analytics page shows them. Months come from the server
// as Jakarta months (yyyy-MM) and are labelled as plain calendar months (formatted in UTC), so
// the browser's own zone cannot move one to its neighbour.

const monthYear = new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-10' -> 'Oktober 2026'; anything else as it came. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return monthYear.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)));
}

/**
 * A month's cost: '$0.0000' without runs, '—' when no run of it reported a cost (unknown is
 * not free), the sum of the known costs otherwise.
 */
export function monthCostText(cost: MonthlyScrapeCost): string {
  if (cost.runs > 0 && cost.runsWithoutCost === cost.runs) return UNKNOWN_COST;
  return formatUsd(cost.totalUsd);
}

/** '3', or '3 (1 tanpa data biaya)' when some runs reported no cost. */
export function monthRunsText(cost: MonthlyScrapeCost): string {
  return cost.runsWithoutCost > 0 ? `${cost.runs} (${cost.runsWithoutCost} tanpa data biaya)` : String(cost.runs);
}
