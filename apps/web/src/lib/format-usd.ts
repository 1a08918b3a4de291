// Apify costs in US dollars, as Apify bills them: "$0.0123". Four decimals, because one run
// often costs a fraction of a cent; grouping for large totals ("$1,234.5600"). Used by the
// scraper task list and the analytics page.

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});

/** What an unknown cost shows. */
export const UNKNOWN_COST = '—';

/**
 * 0.0123 -> '$0.0123'; null, undefined, negative or not finite -> '—'. A cost above zero that
 * four decimals would show as $0.0000 shows as '<$0.0001', so a paid run never reads as free.
 */
export function formatUsd(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return UNKNOWN_COST;
  if (value > 0 && value < 0.00005) return '<$0.0001';
  return usd.format(value);
}
