import type { DurationFormat } from '../http/actor-configs.ts';

// Durations arrive in whatever unit the actor uses (TikTok seconds, Douyin milliseconds,
// YouTube "00:01:02"); the actor config's `duration_format` names it (a field named in
// milliseconds overrides it, see durationFormatForPath) and the video item always carries
// seconds (spec part 1 section 9).

/** The spec's default unit when `duration_format` is missing or unreadable. */
export const DEFAULT_DURATION_FORMAT: DurationFormat = 'seconds';

const FORMAT_ALIASES: Readonly<Record<string, DurationFormat>> = {
  milliseconds: 'milliseconds',
  millisecond: 'milliseconds',
  ms: 'milliseconds',
  seconds: 'seconds',
  second: 'seconds',
  sec: 'seconds',
  s: 'seconds',
  minutes: 'minutes',
  minute: 'minutes',
  min: 'minutes',
  m: 'minutes',
  timestamp: 'timestamp',
  '00:00:00': 'timestamp',
  'hh:mm:ss': 'timestamp',
  'mm:ss': 'timestamp',
};

/**
 * Reads a stored `duration_format`. The mapping record holds free text, and configs written
 * by hand (or by the old tool, whose editor showed "00:00:00") use other spellings, so common
 * aliases are accepted; anything else falls back to seconds.
 */
export function parseDurationFormat(value: unknown): DurationFormat {
  if (typeof value !== 'string') return DEFAULT_DURATION_FORMAT;
  return FORMAT_ALIASES[value.trim().toLowerCase()] ?? DEFAULT_DURATION_FORMAT;
}

/**
 * The last segment of a path that names milliseconds: `playable_duration_in_ms` (Facebook
 * reels), `duration_ms`, `durationMs`, `duration_millis` (X/Twitter), `lengthMilliseconds`.
 * Case-sensitive on purpose: `Ms` must start a camelCase word (`items` does not match).
 */
const MILLISECONDS_NAME = /(?:_in_ms|_ms|Ms|_millis|Millis|_milliseconds|Milliseconds)$/;

/**
 * The unit a duration path is read in: `format`, except that a field whose own name says
 * milliseconds is read as milliseconds whatever the config says. A name is as good a witness
 * as a colon (see `toSeconds`), and it lets one config list fields of two units as fallbacks:
 * Facebook's reels actor gives `media.duration` in seconds on some items and
 * `playable_duration_in_ms` on others.
 */
export function durationFormatForPath(path: string, format: DurationFormat): DurationFormat {
  const last = path.slice(path.lastIndexOf('.') + 1);
  return MILLISECONDS_NAME.test(last) ? 'milliseconds' : format;
}

const NUMERIC = /^\d+(?:\.\d+)?$/;
const CLOCK = /^\d+(?::\d+){1,2}(?:\.\d+)?$/;
const ISO_8601 = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/**
 * Seconds from a raw duration, or null when the value is missing, negative or unreadable.
 *
 * - Numbers and numeric strings are read in `format`: milliseconds / 1000, minutes * 60,
 *   seconds as they are; `timestamp` reads a bare number as seconds (the `ss` form).
 * - Strings with colons are clock times whatever the format says (`h:mm:ss`, `mm:ss`,
 *   `hh:mm:ss.fff`), since a colon cannot be anything else; minutes and seconds after the
 *   first part must be below 60.
 * - ISO 8601 durations (`PT1M2S`, the YouTube Data API's form) are read too.
 * - The result is rounded to the millisecond so unit conversions do not leave float noise.
 */
export function toSeconds(value: unknown, format: DurationFormat = DEFAULT_DURATION_FORMAT): number | null {
  if (typeof value === 'number') return fromNumber(value, format);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (NUMERIC.test(text)) return fromNumber(Number(text), format);
  if (CLOCK.test(text)) return fromClock(text);
  if (ISO_8601.test(text)) return fromIso8601(text);
  return null;
}

function fromNumber(value: number, format: DurationFormat): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  return roundToMillisecond(value * unitInSeconds(format));
}

function unitInSeconds(format: DurationFormat): number {
  switch (format) {
    case 'milliseconds':
      return 0.001;
    case 'minutes':
      return 60;
    case 'seconds':
    case 'timestamp':
      return 1;
  }
}

function fromClock(text: string): number | null {
  const parts = text.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return null;
  const total = parts.reduce((sum, part) => sum * 60 + part, 0);
  return Number.isFinite(total) ? roundToMillisecond(total) : null;
}

function fromIso8601(text: string): number | null {
  const match = ISO_8601.exec(text);
  if (!match || text.toUpperCase() === 'P' || text.toUpperCase().endsWith('T')) return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const total = (days ?? 0) * 86_400 + (hours ?? 0) * 3_600 + (minutes ?? 0) * 60 + (seconds ?? 0);
  return Number.isFinite(total) ? roundToMillisecond(total) : null;
}

function roundToMillisecond(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * A duration for display: `m:ss` below an hour, `h:mm:ss` from an hour, rounded to the
 * nearest second. Unknown durations (null, negative, not finite) give '' so the UI shows
 * nothing rather than a made-up `0:00`.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const secs = total % 60;
  if (hours === 0) return `${minutes}:${pad(secs)}`;
  return `${hours}:${pad(minutes)}:${pad(secs)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
