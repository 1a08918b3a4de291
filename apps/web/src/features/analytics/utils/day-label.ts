// Labels of the daily chart. The server's days are Jakarta calendar days given as
// yyyy-MM-dd; they are read as plain dates (UTC midnight, formatted in UTC) so the browser's
// own time zone cannot shift a label to the day before.

const weekdayShort = new Intl.DateTimeFormat('id-ID', { weekday: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('id-ID', {
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
const fullDate = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export interface DayLabel {
  /** 'Sen' */
  weekday: string;
  /** '29/09', short enough for seven columns on a phone */
  short: string;
  /** 'Senin, 29 September 2025', for screen readers and the data table */
  full: string;
}

function parseIsoDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2025-02-30 rolls over to March: not a real day.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** The labels of one chart day; a value that is no date is shown as it came. */
export function dayLabel(iso: string): DayLabel {
  const date = parseIsoDate(iso);
  if (!date) return { weekday: '', short: iso, full: iso };
  return {
    weekday: weekdayShort.format(date),
    short: dayMonth.format(date),
    full: fullDate.format(date),
  };
}
