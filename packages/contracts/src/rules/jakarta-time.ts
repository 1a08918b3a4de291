// Jakarta time (WIB): the product's members live there, so every day boundary the server
// counts (history filters, analytics) and every time the app shows is Jakarta's. Jakarta is
// UTC+7 all year (no daylight saving), so one technique serves every helper: shift the
// instant by seven hours and read the UTC fields. No Intl time zone: the result is the same
// on every runtime, whatever its zone data or its ICU's month abbreviations.

/** The IANA name, for the places that take one (pg-boss cron schedules). */
export const JAKARTA_TIME_ZONE = 'Asia/Jakarta';
/** The zone as members read it after a time: `14.30 WIB`. */
export const WIB = 'WIB';

const OFFSET_MS = 7 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** Indonesian short month names, as id-ID's medium date style writes them. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

const two = (n: number) => String(n).padStart(2, '0');

/** The instant moved to Jakarta's wall clock: its UTC fields are Jakarta's. */
function wallClock(at: Date): Date {
  // An invalid date throws, as Intl's format and toISOString do, instead of reading "NaN".
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  return new Date(at.getTime() + OFFSET_MS);
}

/** The Jakarta date of an instant as yyyy-MM-dd (17:00 UTC is already the next day). */
export function jakartaDate(at: Date): string {
  return wallClock(at).toISOString().slice(0, 10);
}

/** The Jakarta day of an instant as a number (days since 1970-01-01 on Jakarta's clock). */
export function jakartaDayNumber(at: Date): number {
  return Math.floor((at.getTime() + OFFSET_MS) / DAY_MS);
}

/** The Jakarta time of day as HH:mm (a time input's value). */
export function jakartaTime(at: Date): string {
  return wallClock(at).toISOString().slice(11, 16);
}

/** The Jakarta time of day as Indonesians write it: `14.30`, or `14.30.05` with seconds. */
export function jakartaClock(at: Date, options: { seconds?: boolean } = {}): string {
  const wall = wallClock(at);
  const clock = `${two(wall.getUTCHours())}.${two(wall.getUTCMinutes())}`;
  return options.seconds ? `${clock}.${two(wall.getUTCSeconds())}` : clock;
}

/** Date and time in Jakarta as id-ID's medium style writes them: `5 Jan 2025, 14.30`. */
export function jakartaDateTime(at: Date): string {
  const wall = wallClock(at);
  const month = MONTHS[wall.getUTCMonth()] ?? '';
  return `${wall.getUTCDate()} ${month} ${wall.getUTCFullYear()}, ${jakartaClock(at)}`;
}

/** yyyy-MM-dd plus `days` (negative to go back), across months and years. */
export function addDays(isoDate: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first instant of a Jakarta day (yyyy-MM-dd): 17:00 UTC the day before. */
export function jakartaDayStart(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day) - OFFSET_MS);
}

/** The first instant after a Jakarta day (yyyy-MM-dd): the next day's start. */
export function jakartaDayEnd(isoDate: string): Date {
  return new Date(jakartaDayStart(isoDate).getTime() + DAY_MS);
}

/**
 * The instant of a Jakarta wall-clock date (yyyy-MM-dd) and time (HH:mm), as the schedule
 * fields take them; null for an impossible date or time.
 */
export function fromJakartaDateTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - OFFSET_MS);
}
