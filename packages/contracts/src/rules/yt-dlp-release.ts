// yt-dlp's versions are its release dates (`2026.11.20`, nightly builds add the time:
// `2026.11.20.233003`). How old a build is, and whether it needs a JavaScript runtime for
// YouTube, both follow from that date; the worker (which passes `--js-runtimes`) and the API
// (which warns admins) read it the same way through these functions.

/** yt-dlp releases from this day on need `--js-runtimes` for YouTube (only deno is on by default). */
export const YTDLP_JS_RUNTIME_SINCE = '2025-11-12';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * The release day of a yt-dlp version or date, as `yyyy-MM-dd`: `2026.11.20`,
 * `2026.11.20.233003`, `2026.1.5` and `2026-11-20` all work. null for anything that is not a
 * real calendar day.
 */
export function ytDlpReleaseDate(versionOrDate: string): string | null {
  const match = /^(\d{4})[.-](\d{1,2})[.-](\d{1,2})(?:$|[.\s])/.exec(versionOrDate.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const iso = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  // `2026.02.30` parses to March 2nd: only a day that round-trips is a day.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/** Whole days from the release day (UTC midnight) to `now`; 0 for a date in the future. */
export function ytDlpAgeDays(releaseDate: string, now: Date): number | null {
  const iso = ytDlpReleaseDate(releaseDate);
  if (!iso) return null;
  const released = Date.parse(`${iso}T00:00:00Z`);
  return Math.max(0, Math.floor((now.getTime() - released) / MS_PER_DAY));
}

/** Whether this yt-dlp (a version or a release date) must be given `--js-runtimes` for YouTube. */
export function ytDlpNeedsJsRuntime(versionOrDate: string): boolean {
  const iso = ytDlpReleaseDate(versionOrDate);
  return iso !== null && iso >= YTDLP_JS_RUNTIME_SINCE;
}
