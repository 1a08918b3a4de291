// Reads a value out of a raw scraper item by a path an admin typed into the actor editor.
// Paths come from the database and items from a third-party actor, so neither is trusted:
// the walk only follows own properties, refuses the segments that reach an object's
// prototype, and never throws.

/** Segments that would step from an item into `Object.prototype` or a constructor. */
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The value at `path` inside `item`, or undefined when any step is missing.
 *
 * - Dotted segments walk objects (`authorMeta.name`); numeric segments index arrays
 *   (`covers.0`). `covers[0]` is read as `covers.0`, since that is how people write it.
 * - Only own properties count: `toString`, `length` of an array or anything inherited is
 *   undefined. `__proto__`, `constructor` and `prototype` segments give undefined, even when
 *   the item has such an own key (JSON.parse can create one).
 * - When the walk finds nothing, an own key spelled exactly like the whole path is tried:
 *   flattened dataset exports name nested fields `videoMeta.duration`.
 * - Odd input (a non-string path, a primitive item, a throwing getter) gives undefined.
 */
export function getByPath(item: unknown, path: string): unknown {
  if (typeof path !== 'string') return undefined;
  const trimmed = path.trim();
  if (trimmed === '') return undefined;
  return readerFor(trimmed)(item);
}

/** Reads the value at one (trimmed, non-empty) path: getByPath's walk, prepared once per path. */
type PathReader = (item: unknown) => unknown;

interface Step {
  /** The segment as an own property name. */
  key: string;
  /** Its array index, or -1 when it is not one. */
  index: number;
  /** '' and the forbidden segments: the walk finds nothing here. */
  refused: boolean;
}

/**
 * Paths come from actor configs, a handful of strings read for every item of a dataset: each is
 * split and checked once (a result of 20,000 items reads the same ~10 paths 20,000 times each),
 * into a reader that only walks.
 */
const readers = new Map<string, PathReader>();
const MAX_READERS = 1000;

function readerFor(path: string): PathReader {
  const known = readers.get(path);
  if (known) return known;
  const reader = compileReader(path);
  if (readers.size >= MAX_READERS) readers.clear();
  readers.set(path, reader);
  return reader;
}

function compileReader(path: string): PathReader {
  const dotted = path.replace(/\[(\d+)\]/g, '.$1');
  const steps: Step[] = (dotted.startsWith('.') ? dotted.slice(1) : dotted).split('.').map((key) => ({
    key,
    index: ARRAY_INDEX.test(key) ? Number(key) : -1,
    refused: key === '' || FORBIDDEN_SEGMENTS.has(key),
  }));
  // The whole path as one own key (flattened exports): only for dotted paths without a
  // forbidden segment.
  const flatKey = path.includes('.') && !path.split('.').some((segment) => FORBIDDEN_SEGMENTS.has(segment)) ? path : undefined;
  return (item) => {
    try {
      const found = walk(item, steps);
      if (found !== undefined || flatKey === undefined) return found;
      if (!isObject(item) || Array.isArray(item)) return undefined;
      return Object.hasOwn(item, flatKey) ? (item as Record<string, unknown>)[flatKey] : undefined;
    } catch {
      // A getter or proxy on the item threw; for the mapping that is the same as missing.
      return undefined;
    }
  };
}

function walk(item: unknown, steps: readonly Step[]): unknown {
  let current: unknown = item;
  for (const { key, index, refused } of steps) {
    if (refused) return undefined;
    if (Array.isArray(current)) {
      if (index < 0) return undefined;
      current = current[index];
    } else {
      if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
      current = (current as Record<string, unknown>)[key];
    }
    if (current === undefined) return undefined;
  }
  return current;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
