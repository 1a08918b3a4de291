// Number and time formats of the analytics page (Indonesian: 1.234 and 98,5%).

const integer = new Intl.NumberFormat('id-ID');
const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** 12345 -> '12.345' */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** A value with nothing to count behind it (a rate of no downloads), never '0%'. */
export const NO_VALUE = '-';

/** 98.5 -> '98,5%'; null (nothing to count) -> '-'. */
export function formatPercent(value: number | null): string {
  return value === null ? NO_VALUE : `${oneDecimal.format(value)}%`;
}
