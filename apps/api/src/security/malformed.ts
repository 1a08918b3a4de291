// Malformed values generated from an endpoint's zod schema (through z.toJSONSchema, input
// side): a plausible valid sample of the whole object, then for every field path a list of
// bad values put in its place. Whether a generated object is really invalid is decided by the
// zod schema itself (safeParse), never by this file.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings that satisfy the patterns our contracts use; the first one that fits is taken. */
const PATTERN_CANDIDATES = [
  'tiktok',
  'tiktok_20261122-010203_abcdef12.json',
  '22',
  '10:00',
  '2026-11-01',
  'https://www.tiktok.com/@kreator/video/1',
  'nama.pengguna',
  'orang@contoh.id',
];

function sampleString(s: JsonSchema): string {
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'uri') return 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  if (s.format === 'date') return '2026-11-01';
  if (s.format === 'date-time') return '2026-11-01T10:00:00Z';
  if (s.format === 'email') return 'orang@contoh.id';
  const min = s.minLength ?? 1;
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const fit = PATTERN_CANDIDATES.find((c) => re.test(c) && c.length >= min && c.length <= (s.maxLength ?? Infinity));
    if (fit) return fit;
  }
  return 'contoh'.padEnd(Math.max(min, 6), 'x').slice(0, s.maxLength ?? 1000);
}

/** A plausible valid value; every property, optional or not, so every field gets a turn. */
export function sample(s: JsonSchema): Json {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0] ?? null;
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const choice = options.find((o) => o.type !== 'null' && o.const !== '') ?? options[0];
    return choice ? sample(choice) : null;
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = sample(prop);
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') out.kunci = sample(s.additionalProperties);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => (s.items ? sample(s.items) : 'x'));
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return s.default ?? 'x';
  }
}

export type Path = Array<string | number>;

/** Every field path of a sample (objects by key, arrays by their first element), leaves last. */
export function fieldPaths(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    if (value.length) out.push(...fieldPaths(value[0] ?? null, [...prefix, 0]));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key]);
      if (child && typeof child === 'object') out.push(...fieldPaths(child, [...prefix, key]));
    }
  }
  return out;
}

export const REMOVE = Symbol('remove');

export function withValue(base: Json, path: Path, value: Json | typeof REMOVE): Json {
  const copy = structuredClone(base);
  if (!path.length) return value === REMOVE ? null : value;
  let node: Json = copy;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, Json>)[key] ?? null;
  const last = path[path.length - 1] as string | number;
  if (node && typeof node === 'object') {
    if (value === REMOVE) {
      if (Array.isArray(node)) node.splice(Number(last), 1);
      else delete node[last];
    } else (node as Record<string | number, Json>)[last] = value;
  }
  return copy;
}

export const UNICODE: Array<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['RTL override', 'gambar\u202Egpj.exe'],
  ['emoji', '😀🎬🔥'],
  ['combining marks', 'e\u0301\u0301\u0301\u0301'],
  ['zero-width', '\u200b\u200d\ufeff'],
];

/** Bad values for a field of a JSON body: wrong types, empties, extremes, odd text and dates. */
export function bodyMutations(huge: string): Array<[string, Json | typeof REMOVE]> {
  return [
    ['missing', REMOVE],
    ['null', null],
    ['number', 12345],
    ['boolean', false],
    ['object', { a: 1 }],
    ['array', ['x']],
    ['empty string', ''],
    ['blank', '   '],
    ['64 KB string', huge],
    ...UNICODE.map(([name, v]): [string, Json] => [`unicode ${name}`, v]),
    ['negative', -1],
    ['huge number', 1e308],
    ['unsafe integer', Number.MAX_SAFE_INTEGER * 4],
    ['fraction', 1.5],
    ['NaN text', 'NaN'],
    ['Infinity text', 'Infinity'],
    ['impossible date', '2026-02-30'],
    ['word date', 'yesterday'],
  ];
}

/** Bad values for a query or path parameter: everything arrives as text. */
export function textMutations(): Array<[string, string | typeof REMOVE]> {
  return [
    ['missing', REMOVE],
    ['empty', ''],
    ['8 KB', 'q'.repeat(8 * 1024)],
    ...UNICODE.map(([name, v]): [string, string] => [`unicode ${name}`, v]),
    ['negative', '-1'],
    ['huge number', '1e308'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['fraction', '1.5'],
    ['impossible date', '2026-02-30'],
    ['word date', 'yesterday'],
    ['not a uuid', 'bukan-uuid'],
    ['object text', '[object Object]'],
    ['traversal', '../../etc/passwd'],
  ];
}
