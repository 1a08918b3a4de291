// The one home of @google/generative-ai (in maintenance; its successor is @google/genai): keep
// every use of it behind these two functions so it can be swapped.
import {
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
  GoogleGenerativeAIResponseError,
  SchemaType,
  type GenerativeModel,
} from '@google/generative-ai';

export interface GeneratedContent {
  title: string;
  description: string;
  tags: string[];
}

export const DEFAULT_GEMINI_MODEL = 'gemini-2.0-flash';
/** Spec: the generated description ends with the hashtags YouTube, Viral, Trending. */
export const DEFAULT_DESCRIPTION_SUFFIX = '#YouTube #Viral #Trending';
/** Spec: the tags when Gemini gives none. */
export const DEFAULT_TAGS: readonly string[] = ['youtube', 'viral', 'trending'];

/** YouTube's limits: title 100 characters, description 5,000 bytes, tags 500 characters in all. */
const TITLE_MAX_CHARS = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const TAGS_MAX_CHARS = 500;
const DEFAULT_TIMEOUT_MS = 60_000;

export type GeminiErrorKind =
  'invalid_key' | 'blocked' | 'quota' | 'server' | 'network' | 'cancelled' | 'other';

const USER_MESSAGES: Record<GeminiErrorKind, string> = {
  invalid_key: 'Kunci API Gemini tidak valid. Periksa kunci di halaman Admin.',
  blocked:
    'Gemini menolak membuat konten untuk judul ini (diblokir filter keamanan). Ubah judul lalu coba lagi.',
  quota: 'Kuota Gemini API sudah habis atau terlalu banyak permintaan. Coba lagi nanti.',
  server: 'Layanan Gemini sedang bermasalah. Coba lagi nanti.',
  network: 'Tidak dapat terhubung ke Gemini. Periksa koneksi jaringan lalu coba lagi.',
  cancelled: 'Permintaan ke Gemini dibatalkan.',
  other: 'Gagal membuat konten dengan Gemini.',
};

export class GeminiError extends Error {
  override readonly name = 'GeminiError';
  readonly kind: GeminiErrorKind;
  /** Worth trying again later: quota, server, network. */
  readonly retryable: boolean;
  /** HTTP status of Gemini's answer; null when there was none. */
  readonly status: number | null;
  /** Readable Indonesian message for members. */
  readonly userMessage: string;

  constructor(
    kind: GeminiErrorKind,
    message: string,
    options: { status?: number | null; userMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryable = kind === 'quota' || kind === 'server' || kind === 'network';
    this.status = options.status ?? null;
    this.userMessage = options.userMessage ?? USER_MESSAGES[kind];
  }
}

export interface GeminiCall {
  apiKey: string;
  /** GEMINI_BASE_URL; Google's when undefined. A trailing slash is dropped. */
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * A title, description and tags for a video from its original title, in Indonesian. Whatever
 * Gemini leaves out is filled with the spec's defaults, so the result is always usable as is.
 */
export async function generateVideoContent(
  args: GeminiCall & { originalTitle: string },
): Promise<GeneratedContent> {
  const originalTitle = oneLine(args.originalTitle);
  if (!originalTitle) {
    throw new GeminiError('other', 'A title is needed to generate content', {
      userMessage: 'Judul diperlukan untuk membuat konten dengan Gemini.',
    });
  }
  const model = modelOf(args);
  const result = await guarded(args.signal, () =>
    model.generateContent(
      {
        contents: [{ role: 'user', parts: [{ text: buildPrompt(originalTitle) }] }],
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: {
            type: SchemaType.OBJECT,
            properties: {
              title: { type: SchemaType.STRING },
              description: { type: SchemaType.STRING },
              tags: { type: SchemaType.ARRAY, items: { type: SchemaType.STRING } },
            },
            required: ['title', 'description', 'tags'],
          },
        },
      },
      requestOptions(args),
    ),
  );
  // text() throws when the answer was blocked (SAFETY, RECITATION, LANGUAGE or a blocked prompt).
  const text = await guarded(args.signal, async () => result.response.text());
  return parseGeneratedContent(text, originalTitle);
}

/**
 * Whether Gemini accepts the key, by one countTokens call (free, and it checks the key like
 * generateContent does). A key answered with a quota error is valid. Throws GeminiError when the
 * question could not be answered (network, server): the key's validity stays unknown.
 */
export async function validateGeminiKey(
  args: GeminiCall,
): Promise<{ valid: boolean; message: string }> {
  try {
    await guarded(args.signal, () => modelOf(args).countTokens('ping', requestOptions(args)));
    return { valid: true, message: 'Kunci API Gemini valid.' };
  } catch (error) {
    if (!(error instanceof GeminiError)) throw error;
    if (error.kind === 'invalid_key') return { valid: false, message: error.userMessage };
    if (error.kind === 'quota') {
      return { valid: true, message: 'Kunci API Gemini valid, tetapi kuotanya sedang habis.' };
    }
    throw error;
  }
}

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

function modelOf(args: GeminiCall): GenerativeModel {
  const baseUrl = args.baseUrl?.replace(/\/+$/, '') || undefined;
  return new GoogleGenerativeAI(args.apiKey).getGenerativeModel(
    { model: args.model ?? DEFAULT_GEMINI_MODEL },
    baseUrl ? { baseUrl } : {},
  );
}

/**
 * The timeout as our own signal: the SDK's `timeout` option leaves a timer running after the
 * answer (keeping a process alive for its length); AbortSignal.timeout's timer does not.
 */
function requestOptions(args: GeminiCall): { signal: AbortSignal } {
  const timeout = AbortSignal.timeout(args.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return { signal: args.signal ? AbortSignal.any([args.signal, timeout]) : timeout };
}

async function guarded<T>(signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toGeminiError(error, signal);
  }
}

/** Classifies what the SDK throws. A timeout (not the caller's abort) counts as network trouble. */
export function toGeminiError(error: unknown, signal?: AbortSignal): GeminiError {
  if (error instanceof GeminiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (signal?.aborted) return new GeminiError('cancelled', message, { cause: error });
  if (error instanceof GoogleGenerativeAIAbortError) {
    return new GeminiError('network', message, { cause: error });
  }
  if (error instanceof GoogleGenerativeAIFetchError) {
    const status = error.status ?? null;
    const fields = { status, cause: error };
    if (status === 401 || status === 403 || isInvalidKey(error)) {
      return new GeminiError('invalid_key', message, fields);
    }
    if (status === 429) return new GeminiError('quota', message, fields);
    if (status !== null && status >= 500) return new GeminiError('server', message, fields);
    return new GeminiError('other', message, {
      ...fields,
      userMessage: `${USER_MESSAGES.other} ${detailOf(message)}`,
    });
  }
  if (error instanceof GoogleGenerativeAIResponseError) {
    return new GeminiError('blocked', message, { cause: error });
  }
  if (error instanceof GoogleGenerativeAIRequestInputError) {
    return new GeminiError('other', message, { cause: error });
  }
  // The SDK wraps a failed fetch() ("fetch failed": refused, reset, DNS) as a plain SDK error.
  if (error instanceof GoogleGenerativeAIError && /Error fetching from/.test(message)) {
    return new GeminiError('network', message, { cause: error });
  }
  return new GeminiError('other', message, { cause: error });
}

/** Google answers a bad key with 400 and reason API_KEY_INVALID in the details. */
function isInvalidKey(error: GoogleGenerativeAIFetchError): boolean {
  const details: unknown = error.errorDetails;
  if (Array.isArray(details)) {
    for (const detail of details) {
      if (
        typeof detail === 'object' &&
        detail !== null &&
        Reflect.get(detail, 'reason') === 'API_KEY_INVALID'
      ) {
        return true;
      }
    }
  }
  return /API key not valid|API_KEY_INVALID/i.test(error.message);
}

/** The SDK's message is "[GoogleGenerativeAI Error]: Error fetching from <url>: [400 Bad Request] <text>". */
function detailOf(message: string): string {
  const match = /\[\d{3}[^\]]*\]\s*(.*)$/s.exec(message);
  return (match?.[1] ?? message).slice(0, 300);
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

function oneLine(text: string): string {
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
