// Text PostgreSQL cannot store: U+0000 fails any text column (SQLSTATE 22021) and a lone
// UTF-16 surrogate fails jsonb ("invalid input syntax for type json"); child processes also
// cut arguments at a NUL. No field of ours has a use for either, so they are refused at the
// door with a 400 instead of a 500 further in.

export const UNSTORABLE_TEXT_MESSAGE = 'Teks berisi karakter yang tidak diizinkan (NUL atau surrogate tunggal).';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** The path of the first string (or object key) holding such text, or undefined; depth-limited. */
export function findUnstorableText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (depth > 32 || !value || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (unstorable(key)) return path;
    const found = findUnstorableText(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}
