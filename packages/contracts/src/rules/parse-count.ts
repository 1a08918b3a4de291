// Play and like counts come as numbers from most actors, but some pages only show
// abbreviated text ("1.2K", "3M") or thousands separators ("1,234"), and Instagram reports
// hidden likes as -1. The video item wants a real count or null for "unknown".

const SUFFIX_MULTIPLIERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9 };

const THOUSANDS_WITH_COMMAS = /^\d{1,3}(?:,\d{3})+$/;
const NUMBER_WITH_SUFFIX = /^(\d+(?:\.\d+)?)([kmb])?$/i;

/**
 * A non-negative whole count, or null.
 *
 * - Finite numbers and bigints as they are (rounded to a whole number); negative ones (such as
 *   Instagram's -1 for hidden likes) are null, not zero.
 * - Strings: spaces and underscores are ignored, commas between groups of three digits are
 *   thousands separators ("1,234,567"), and a K / M / B suffix multiplies ("1.2K" = 1200,
 *   "3M", "2.5b"). Any other text is null.
 * - Zero is a count, not "missing".
 */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return fromNumber(value);
  if (typeof value === 'bigint') return value >= 0n ? fromNumber(Number(value)) : null;
  if (typeof value !== 'string') return null;
  const compact = value.replace(/[\s_]/g, '');
  if (THOUSANDS_WITH_COMMAS.test(compact)) return fromNumber(Number(compact.replaceAll(',', '')));
  const match = NUMBER_WITH_SUFFIX.exec(compact);
  if (!match) return null;
  const [, digits = '', suffix = ''] = match;
  return fromNumber(Number(digits) * (SUFFIX_MULTIPLIERS[suffix.toLowerCase()] ?? 1));
}

function fromNumber(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value);
}
