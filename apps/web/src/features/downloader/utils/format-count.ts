const compact = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
const full = new Intl.NumberFormat('id-ID');

/** 1234 -> '1,2 rb' for the table; '-' when the platform did not say. */
export function formatCompactCount(value: number | null): string {
  return value === null ? '-' : compact.format(value);
}

/** 1234 -> '1.234' for the detail view. */
export function formatFullCount(value: number | null): string {
  return value === null ? '-' : full.format(value);
}
