// Number and time formats of the analytics page (Indonesian: 1.234 and 98,5%).

const integer = new Intl.NumberFormat('id-ID');
const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });
// Download times in Jakarta time: the server counts its days in Jakarta, so a download the
// chart puts on Monday also says Monday here, whatever the browser's own zone is.
const dateTime = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});

/** 12345 -> '12.345' */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** 98.5 -> '98,5%' */
export function formatPercent(value: number): string {
  return `${oneDecimal.format(value)}%`;
}

/** An ISO instant as '29 Sep 2025, 14.05' (Jakarta time); '' for a value that is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
