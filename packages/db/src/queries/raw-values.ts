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
