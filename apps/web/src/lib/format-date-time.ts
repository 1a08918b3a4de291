import { jakartaClock, jakartaDateTime, WIB } from '@scrapper/contracts/rules/jakarta-time';

// Every time the app shows is Jakarta time (WIB, UTC+7 all year), whatever the browser's own
// zone is, and says so: the server counts its days in Jakarta (history filters, analytics,
// quotas), and a time without its zone was read as the browser's (issue 20: "two clocks").
// Feature code formats times through here (the contracts' jakarta-time underneath) rather
// than its own Intl formatter.

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as '5 Jan 2025, 14.30 WIB'; '' for a value that is no date. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? `${jakartaDateTime(date)} ${WIB}` : '';
}

/** The time of day with seconds, for log lines: '14.30.05 WIB'; '' for a value that is no date. */
export function formatClockTime(value: string | Date): string {
  const date = toDate(value);
  return date ? `${jakartaClock(date, { seconds: true })} ${WIB}` : '';
}
