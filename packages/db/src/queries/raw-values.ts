// Values of rows read through the raw client (`db.$client`, postgres.js) for the hot lists.
// drizzle turns postgres.js's own timestamp parsing off on the client it wraps, so instants come
// back as text; bigint and numeric come back as text, to be exact. A list's row type names them
// with these types and its mapping turns them into what the domain types say.

/** A timestamptz as the raw client returns it. */
export type RawInstant = string | Date;
/** A bigint or numeric as the raw client returns it. */
export type RawNumber = string | number;

export const toInstant = (value: RawInstant): Date => new Date(value);

export const toInstantOrNull = (value: RawInstant | null): Date | null => (value === null ? null : new Date(value));

export const toNumberOrNull = (value: RawNumber | null): number | null => (value === null ? null : Number(value));

// PostgreSQL's text for a timestamptz in a UTC session ("2026-11-29 22:31:05.123456+00").
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * The instant as an answer shows it (ISO 8601, milliseconds, `Z`), the same string as
 * `toInstant(value).toISOString()`. A list answers it for every row, and going through a Date
 * costs a parse and a format (about 0.65 µs a row, most of a files page's mapping): the UTC text
 * PostgreSQL sends is rearranged instead. Other offsets (a server whose TimeZone is not UTC) and
 * Dates take the Date's way.
 */
export function toIsoInstant(value: RawInstant): string {
  if (typeof value === 'string') {
    const utc = UTC_TEXT.exec(value);
    if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
}
