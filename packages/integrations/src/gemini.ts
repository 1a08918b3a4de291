// The one home of @google/generative-ai (support ended in August 2025; its successor is
// @google/genai): keep every use of it behind this module so it can be swapped. The SDK cannot
// list models, so models.list is a plain fetch here too.
import { createHash } from 'node:crypto';
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
import { pickGeminiModel, type GeminiModelInfo } from './gemini-models.ts';

export type { GeminiModelInfo } from './gemini-models.ts';

export interface GeneratedContent {
  title: string;
  description: string;
  tags: string[];
}

/** Google's Gemini REST root, what GEMINI_BASE_URL replaces. */
export const GOOGLE_GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';
/** How long a model choice is trusted before the key's list is read again. */
export const MODEL_CHOICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
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
  | 'invalid_key'
  | 'no_text_model'
  | 'model_not_found'
  | 'blocked'
  | 'quota'
  | 'server'
  | 'network'
  | 'cancelled'
  | 'other';

const USER_MESSAGES: Record<GeminiErrorKind, string> = {
  invalid_key: 'Kunci API Gemini tidak valid. Periksa kunci di halaman Admin.',
  no_text_model:
    'Kunci API Gemini ini tidak punya akses ke model teks Gemini mana pun: daftar modelnya tidak memuat model yang bisa menulis teks (generateContent). Aktifkan Gemini API untuk proyek kunci ini atau pakai kunci lain.',
  model_not_found:
    'Model Gemini tidak ditemukan: sudah dihentikan atau tidak tersedia untuk kunci ini.',
  blocked:
    'Gemini menolak membuat konten untuk judul ini (diblokir filter keamanan). Ubah judul lalu coba lagi.',
  quota: 'Kuota Gemini API sudah habis atau terlalu banyak permintaan. Coba lagi nanti.',
  server: 'Layanan Gemini sedang bermasalah. Coba lagi nanti.',
  network: 'Tidak dapat terhubung ke Gemini. Periksa koneksi jaringan lalu coba lagi.',
  cancelled: 'Permintaan ke Gemini dibatalkan.',
  other: 'Gemini gagal membuat konten; coba lagi nanti, dan bila terus gagal tunjukkan Detail ke admin.',
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
  /** Gemini's own words, shown folded under "Detail" beneath userMessage. */
  readonly detail: string;

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
    this.detail = detailOf(message);
  }
}

export interface GeminiCall {
  apiKey: string;
  /** GEMINI_BASE_URL; Google's when undefined. A trailing slash is dropped. */
  baseUrl?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What chooses the model: GEMINI_MODEL when the operator set it (undefined: choose). */
export interface GeminiModelOptions {
  configuredModel?: string | undefined;
}

export interface GeminiModelChoice {
  model: string;
  /** GEMINI_MODEL when it was set but the key does not list it (retired or not available). */
  configuredMissing: string | null;
  /** When the key's list was read. */
  checkedAt: Date;
}

/** A model that answered 404 NOT_FOUND, and the one used instead. */
export interface GeminiModelFallback {
  retired: string;
  used: string;
  /** For members and admins, in Indonesian, naming both models. */
  notice: string;
  checkedAt: Date;
}

export interface GeneratedVideo {
  content: GeneratedContent;
  /** The model that wrote it. */
  model: string;
  /** Set when the model asked for answered 404 and the content came from a freshly chosen one. */
  fallback: GeminiModelFallback | null;
}

/** Indonesian, naming the model that is gone and the one used instead. */
export function retiredModelNotice(retired: string, used: string): string {
  return `Model Gemini ${retired} sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai ${used}.`;
}

/** Indonesian: GEMINI_MODEL is set to a model the key does not list. */
export function configuredMissingNotice(configured: string, used: string): string {
  return `GEMINI_MODEL ${configured} tidak ada di daftar model kunci ini (sudah dihentikan atau tidak tersedia); yang dipakai ${used}.`;
}

/**
 * A title, description and tags for a video from its original title, in Indonesian. Whatever
 * Gemini leaves out is filled with the spec's defaults, so the result is always usable as is.
 * `model` is the model to use (a cached choice); without it one is chosen. A model that
 * answers 404 NOT_FOUND (retired) is replaced once by a fresh choice without it, and the
 * result says so; a second 404 is thrown.
 */
export async function generateVideoContent(
  args: GeminiCall & GeminiModelOptions & { originalTitle: string; model?: string | undefined },
): Promise<GeneratedVideo> {
  const originalTitle = oneLine(args.originalTitle);
  if (!originalTitle) {
    throw new GeminiError('other', 'A title is needed to generate content', {
      userMessage: 'Judul diperlukan untuk membuat konten dengan Gemini.',
    });
  }
  const first = args.model ?? (await chooseGeminiModel(args)).model;
  try {
    const content = await generateWith(args, first, originalTitle);
    return { content, model: first, fallback: null };
  } catch (error) {
    if (!(error instanceof GeminiError) || error.kind !== 'model_not_found') throw error;
  }
  const next = await chooseGeminiModel({ ...args, exclude: [first] });
  const content = await generateWith(args, next.model, originalTitle);
  return {
    content,
    model: next.model,
    fallback: {
      retired: first,
      used: next.model,
      notice: retiredModelNotice(first, next.model),
      checkedAt: next.checkedAt,
    },
  };
}

async function generateWith(
  args: GeminiCall,
  modelName: string,
  originalTitle: string,
): Promise<GeneratedContent> {
  const model = modelOf(args, modelName);
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

export interface GeminiKeyCheck {
  valid: boolean;
  /** Indonesian, for the admin: the verdict, then what changed about the model. */
  message: string;
  /** The model generation will use with this key; null when none could be chosen. */
  model: string | null;
  /** When the key's list was read; null when it was not. */
  checkedAt: Date | null;
  /** The key works but lists no model that writes text: nothing can be generated with it. */
  noTextModel: boolean;
}

/**
 * Checks the key and chooses its model: lists the key's models (refused when the key is bad),
 * chooses one, and makes one countTokens call with it (free; proves the model answers). A
 * chosen model that answers 404 is replaced once. `currentModel` is the model the key used
 * so far: when it is gone from the list, the message says so. A key answered with a quota
 * error is valid. Throws GeminiError when the question could not be answered (network,
 * server): the key's validity stays unknown.
 */
export async function validateGeminiKey(
  args: GeminiCall & GeminiModelOptions & { currentModel?: string | null },
): Promise<GeminiKeyCheck> {
  const failed = { model: null, checkedAt: null, noTextModel: false };
  let listing: { choice: GeminiModelChoice; listed: ReadonlySet<string> };
  try {
    listing = await listAndChoose(args, []);
  } catch (error) {
    if (!(error instanceof GeminiError)) throw error;
    if (error.kind === 'invalid_key')
      return { ...failed, valid: false, message: error.userMessage };
    if (error.kind === 'no_text_model') {
      return { ...failed, valid: false, message: error.userMessage, noTextModel: true };
    }
    if (error.kind === 'quota') return { ...failed, valid: true, message: QUOTA_MESSAGE };
    throw error;
  }
  let { choice } = listing;
  let retired =
    args.currentModel && !listing.listed.has(args.currentModel) ? args.currentModel : null;
  let probe: 'ok' | 'quota';
  try {
    probe = await probeModel(args, choice.model);
  } catch (error) {
    if (!(error instanceof GeminiError)) throw error;
    if (error.kind === 'invalid_key')
      return { ...failed, valid: false, message: error.userMessage };
    if (error.kind !== 'model_not_found') throw error;
    retired = choice.model;
    choice = await chooseGeminiModel({ ...args, exclude: [choice.model] });
    probe = await probeModel(args, choice.model);
  }
  const notes = [probe === 'quota' ? QUOTA_MESSAGE : 'Kunci API Gemini valid.'];
  if (choice.configuredMissing) {
    notes.push(configuredMissingNotice(choice.configuredMissing, choice.model));
  }
  if (retired && retired !== choice.configuredMissing && retired !== choice.model) {
    notes.push(retiredModelNotice(retired, choice.model));
  }
  return {
    valid: true,
    message: notes.join(' '),
    model: choice.model,
    checkedAt: choice.checkedAt,
    noTextModel: false,
  };
}

const QUOTA_MESSAGE = 'Kunci API Gemini valid, tetapi kuotanya sedang habis.';

/** countTokens with the model: 'quota' when the key is out of quota (still a valid key). */
async function probeModel(args: GeminiCall, model: string): Promise<'ok' | 'quota'> {
  try {
    await guarded(args.signal, () =>
      modelOf(args, model).countTokens('ping', requestOptions(args)),
    );
    return 'ok';
  } catch (error) {
    if (error instanceof GeminiError && error.kind === 'quota') return 'quota';
    throw error;
  }
}

const LIST_PAGE_SIZE = 1000;
/** A service that keeps sending page tokens does not keep us listing forever. */
const MAX_LIST_PAGES = 50;

/**
 * Every model the key can use (models.list, all pages): `GET {base}/v1beta/models` with the key
 * in `x-goog-api-key`, following nextPageToken.
 */
export async function listGeminiModels(
  args: GeminiCall & { pageSize?: number },
): Promise<GeminiModelInfo[]> {
  const models: GeminiModelInfo[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const url = new URL(`${baseOf(args)}/v1beta/models`);
    url.searchParams.set('pageSize', String(args.pageSize ?? LIST_PAGE_SIZE));
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const body = recordOf(await fetchJson(args, url));
    for (const entry of Array.isArray(body.models) ? body.models : []) {
      const model = modelInfoOf(entry);
      if (model) models.push(model);
    }
    pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : '';
    if (!pageToken) return models;
  }
  return models;
}

/** In-memory choices per base URL, key and configured model (the key only as a hash). */
const choices = new Map<string, GeminiModelChoice>();

/** Forgets the choices made in this process (tests). */
export function clearGeminiModelChoices(): void {
  choices.clear();
}

/**
 * The model to write with: GEMINI_MODEL when the key lists it, else the newest stable flash
 * text model (gemini-models.ts). Kept in memory for a day; `fresh` reads the list anyway,
 * `exclude` (models that just answered 404) does too. Throws GeminiError 'no_text_model' when
 * the key can use no text model.
 */
export async function chooseGeminiModel(
  args: GeminiCall & GeminiModelOptions & { exclude?: readonly string[]; fresh?: boolean },
): Promise<GeminiModelChoice> {
  const cached = choices.get(choiceKey(args));
  const exclude = args.exclude ?? [];
  if (
    cached &&
    !args.fresh &&
    !exclude.includes(cached.model) &&
    Date.now() - cached.checkedAt.getTime() < MODEL_CHOICE_MAX_AGE_MS
  ) {
    return cached;
  }
  return (await listAndChoose(args, exclude)).choice;
}

async function listAndChoose(
  args: GeminiCall & GeminiModelOptions,
  exclude: readonly string[],
): Promise<{ choice: GeminiModelChoice; listed: ReadonlySet<string> }> {
  const key = choiceKey(args);
  const models = await listGeminiModels(args);
  const pick = pickGeminiModel(models, { configured: args.configuredModel, exclude });
  if (!pick) {
    choices.delete(key);
    throw new GeminiError(
      'no_text_model',
      `The key lists ${models.length} models, none of them a text model that supports generateContent`,
      { status: null },
    );
  }
  const choice: GeminiModelChoice = { ...pick, checkedAt: new Date() };
  choices.set(key, choice);
  return { choice, listed: new Set(models.map((model) => model.id)) };
}

function choiceKey(args: GeminiCall & GeminiModelOptions): string {
  return createHash('sha256')
    .update(`${baseOf(args)}\n${args.apiKey}\n${args.configuredModel ?? ''}`)
    .digest('hex');
}

function baseOf(args: GeminiCall): string {
  return args.baseUrl?.replace(/\/+$/, '') || GOOGLE_GEMINI_BASE_URL;
}

/** A GET with the key in its header, answered JSON; errors classified like the SDK's. */
async function fetchJson(args: GeminiCall, url: URL): Promise<unknown> {
  const options = requestOptions(args);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'x-goog-api-key': args.apiKey, accept: 'application/json' },
      signal: options.signal,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (args.signal?.aborted) throw new GeminiError('cancelled', message, { cause: error });
    throw new GeminiError('network', `Error fetching from ${url.pathname}: ${message}`, {
      cause: error,
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (args.signal?.aborted) throw new GeminiError('cancelled', message, { cause: error });
    if (!response.ok) throw statusError(response.status, response.statusText, undefined, error);
    throw new GeminiError('server', `Gemini answered ${url.pathname} with no JSON: ${message}`, {
      status: response.status,
      cause: error,
    });
  }
  if (response.ok) return body;
  const problem = recordOf(recordOf(body).error);
  const message = typeof problem.message === 'string' ? problem.message : response.statusText;
  throw statusError(response.status, message, problem.details);
}

/** Google's HTTP error as a GeminiError, the same way for the SDK's calls and ours. */
function statusError(
  status: number,
  message: string,
  details: unknown,
  cause?: unknown,
): GeminiError {
  const fields = { status, cause };
  if (status === 401 || status === 403 || isInvalidKey(message, details)) {
    return new GeminiError('invalid_key', message, fields);
  }
  if (status === 429) return new GeminiError('quota', message, fields);
  if (status >= 500) return new GeminiError('server', message, fields);
  // Google's words for a retired or unknown model: "models/x is not found for API version ...".
  const missing = status === 404 ? /models\/([^\s,]+) is not found/.exec(message)?.[1] : undefined;
  if (missing) {
    return new GeminiError('model_not_found', message, {
      ...fields,
      userMessage: `Model Gemini ${missing} tidak ditemukan: sudah dihentikan atau tidak tersedia untuk kunci ini.`,
    });
  }
  return new GeminiError('other', message, {
    ...fields,
    userMessage: USER_MESSAGES.other,
  });
}

function modelInfoOf(value: unknown): GeminiModelInfo | undefined {
  const entry = recordOf(value);
  if (typeof entry.name !== 'string') return undefined;
  const id = entry.name.replace(/^models\//, '');
  const methods = Array.isArray(entry.supportedGenerationMethods)
    ? entry.supportedGenerationMethods.filter((m): m is string => typeof m === 'string')
    : [];
  return {
    id,
    displayName: typeof entry.displayName === 'string' ? entry.displayName : id,
    supportedGenerationMethods: methods,
  };
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
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

function modelOf(args: GeminiCall, model: string): GenerativeModel {
  return new GoogleGenerativeAI(args.apiKey).getGenerativeModel(
    { model },
    { baseUrl: baseOf(args) },
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
    if (error.status === undefined) {
      if (isInvalidKey(message, error.errorDetails)) {
        return new GeminiError('invalid_key', message, { cause: error });
      }
      return new GeminiError('other', message, {
        cause: error,
        userMessage: USER_MESSAGES.other,
      });
    }
    return statusError(error.status, message, error.errorDetails, error);
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
function isInvalidKey(message: string, details: unknown): boolean {
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
  return /API key not valid|API_KEY_INVALID/i.test(message);
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
