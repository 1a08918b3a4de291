// What Gemini is asked to write and how its answer is read: the prompt, and the title,
// description and tags cut to YouTube's limits with the spec's defaults filling the gaps.

export interface GeneratedContent {
  title: string;
  description: string;
  tags: string[];
}

/** Spec: the generated description ends with the hashtags YouTube, Viral, Trending. */
export const DEFAULT_DESCRIPTION_SUFFIX = '#YouTube #Viral #Trending';
/** Spec: the tags when Gemini gives none. */
export const DEFAULT_TAGS: readonly string[] = ['youtube', 'viral', 'trending'];

/** YouTube's limits: title 100 characters, description 5,000 bytes, tags 500 characters in all. */
const TITLE_MAX_CHARS = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const TAGS_MAX_CHARS = 500;

/** Exposed for tests: the prompt asks for bare JSON with the three fields. */
export function buildPrompt(originalTitle: string): string {
  const title = oneLine(originalTitle).slice(0, 500);
  return [
    'Kamu adalah penulis metadata video YouTube berbahasa Indonesia.',
    'Buat judul baru yang menarik, deskripsi singkat, dan tag untuk video dengan judul asli di bawah.',
    'Balas hanya dengan JSON tanpa teks lain, dalam bentuk:',
    '{"title": "...", "description": "...", "tags": ["...", "..."]}',
    'Aturan: title paling banyak 100 karakter; description 2-4 kalimat; 5 sampai 15 tags,',
    'masing-masing singkat tanpa tanda #; jangan memakai tanda < atau >.',
    `Judul asli: ${title}`,
  ].join('\n');
}

/**
 * Reads Gemini's answer however it came (bare JSON, fenced in ```json, with text around it) and
 * fills the gaps: title from the original, description from the title, default tags; the
 * description always ends with the hashtag suffix.
 */
export function parseGeneratedContent(text: string, originalTitle: string): GeneratedContent {
  const data = jsonObjectIn(text);
  const original = clean(oneLine(originalTitle));
  const title =
    truncateChars(clean(oneLine(stringOf(data.title))), TITLE_MAX_CHARS) ||
    truncateChars(original, TITLE_MAX_CHARS);
  const body = clean(stringOf(data.description)).trim() || original;
  return { title, description: withSuffix(body), tags: tagsOf(data.tags) };
}

/** The first JSON object in the text, fenced or not; {} when there is none. */
function jsonObjectIn(text: string): Record<string, unknown> {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  for (const candidate of [fenced, text]) {
    if (candidate === undefined) continue;
    const start = candidate.indexOf('{');
    const end = candidate.lastIndexOf('}');
    if (start === -1 || end <= start) continue;
    try {
      const value: unknown = JSON.parse(candidate.slice(start, end + 1));
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Not JSON after all: try the next candidate.
    }
  }
  return {};
}

function tagsOf(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const tags: string[] = [];
  const seen = new Set<string>();
  let length = 0;
  for (const entry of raw) {
    if (typeof entry !== 'string') continue;
    const tag = clean(oneLine(entry)).replace(/^#+/, '').trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    // YouTube counts a comma between tags and quotes around a tag with a space.
    const cost = tag.length + (tag.includes(' ') ? 2 : 0) + (tags.length > 0 ? 1 : 0);
    if (length + cost > TAGS_MAX_CHARS) break;
    seen.add(key);
    tags.push(tag);
    length += cost;
  }
  return tags.length > 0 ? tags : [...DEFAULT_TAGS];
}

function withSuffix(body: string): string {
  if (body.endsWith(DEFAULT_DESCRIPTION_SUFFIX)) return truncateBytes(body, DESCRIPTION_MAX_BYTES);
  const tail = `\n\n${DEFAULT_DESCRIPTION_SUFFIX}`;
  const room = DESCRIPTION_MAX_BYTES - Buffer.byteLength(tail);
  return `${truncateBytes(body, room).trimEnd()}${tail}`;
}

/** YouTube refuses < and > in titles, descriptions and tags. */
function clean(text: string): string {
  return text.replace(/[<>]/g, '');
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function truncateChars(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

function truncateBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > maxBytes) break;
    out += char;
    bytes += size;
  }
  return out;
}
