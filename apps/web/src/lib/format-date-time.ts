// Every time the app shows is Jakarta time (WIB, UTC+7 all year), whatever the browser's own
// zone is, and says so: the server counts its days in Jakarta (history filters, analytics,
// quotas), and a time without its zone was read as the browser's (issue 20: "two clocks").
// Feature code formats times through here rather than its own Intl formatter.

export const TIME_ZONE = 'Asia/Jakarta';
export const TIME_ZONE_LABEL = 'WIB';

const dateTime = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
});

const clock = new Intl.DateTimeFormat('id-ID', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as '5 Jan 2025, 14.30 WIB'; '' for a value that is no date. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? `${dateTime.format(date)} ${TIME_ZONE_LABEL}` : '';
}

/** The time of day with seconds, for log lines: '14.30.05 WIB'; '' for a value that is no date. */
export function formatClockTime(value: string | Date): string {
  const date = toDate(value);
  return date ? `${clock.format(date)} ${TIME_ZONE_LABEL}` : '';
}
