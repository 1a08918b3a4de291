// Ids, titles and author names come as strings from most actors, as numbers from some
// (numeric ids, an all-digit username), and as null or objects when a field is absent or
// shaped differently. The video item wants plain text.

/**
 * Trimmed text from a string, a finite number or a bigint; '' for anything else (null,
 * booleans, objects, arrays, NaN). Whole numbers are written out in full, never in
 * exponent form, so a large numeric id stays readable as an id.
 */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}
