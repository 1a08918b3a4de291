import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import { sendGeminiError, sendInvalidGeminiKey } from './google-errors.ts';
import type { FakeGeminiCall, FakeGeminiReply, FakeGoogleState } from './state.ts';

/** Under this prefix of the fake's origin, as the real service has none: proves baseUrl is used whole. */
export const GEMINI_PREFIX = '/gemini';
export const GEMINI_PATTERN = /^\/gemini\/v1beta\/models\/([^/:]+):(generateContent|countTokens)$/;
/** models.list: `GET /v1beta/models?pageSize=&pageToken=`. */
export const GEMINI_MODELS_PATTERN = /^\/gemini\/v1beta\/models\/?$/;

export type GeminiEndpoint = FakeGeminiCall['endpoint'];

/** Which Gemini endpoint a request is for, and the model in its path; undefined when none. */
export function geminiRouteOf(
  method: string,
  pathname: string,
):
  | { endpoint: GeminiEndpoint; model: string }
  | { endpoint: 'gemini.listModels'; model: undefined }
  | undefined {
  if (method === 'GET' && GEMINI_MODELS_PATTERN.test(pathname)) {
    return { endpoint: 'gemini.listModels', model: undefined };
  }
  const match = method === 'POST' ? GEMINI_PATTERN.exec(pathname) : null;
  if (!match) return undefined;
  const endpoint = match[2] === 'countTokens' ? 'gemini.countTokens' : 'gemini.generateContent';
  return { endpoint, model: match[1] ?? '' };
}

/** A model as `models.list` describes it (Google's `Model` resource). */
export interface FakeGeminiModel {
  /** `models/<id>`. */
  name: string;
  baseModelId?: string;
  version: string;
  displayName: string;
  description: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
  supportedGenerationMethods: string[];
  temperature?: number;
  maxTemperature?: number;
  topP?: number;
  topK?: number;
  thinking?: boolean;
}

const TEXT_METHODS = [
  'generateContent',
  'countTokens',
  'createCachedContent',
  'batchGenerateContent',
];

/** A text model (generateContent, countTokens...) with Google's usual limits, from its id. */
export function fakeGeminiModel(
  id: string,
  fields: Partial<FakeGeminiModel> = {},
): FakeGeminiModel {
  return {
    name: `models/${id}`,
    version: '001',
    displayName: displayNameOf(id),
    description: `${displayNameOf(id)} (fake)`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: [...TEXT_METHODS],
    temperature: 1,
    maxTemperature: 2,
    topP: 0.95,
    topK: 64,
    thinking: true,
    ...fields,
  };
}

/**
 * What a key that can use no text model lists: an embedding model, Imagen, Veo and a Gemini
 * model that only makes images and one that only speaks (neither writes text).
 */
export const FAKE_GEMINI_NON_TEXT_MODELS: readonly FakeGeminiModel[] = [
  fakeGeminiModel('gemini-embedding-001', {
    displayName: 'Gemini Embedding 001',
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
    supportedGenerationMethods: [
      'embedContent',
      'countTextTokens',
      'countTokens',
      'asyncBatchEmbedContent',
    ],
    thinking: undefined,
  }),
  fakeGeminiModel('imagen-4.0-generate-001', {
    displayName: 'Imagen 4',
    inputTokenLimit: 480,
    outputTokenLimit: 8192,
    supportedGenerationMethods: ['predict'],
    thinking: undefined,
  }),
  fakeGeminiModel('veo-3.1-generate-preview', {
    displayName: 'Veo 3.1',
    inputTokenLimit: 480,
    outputTokenLimit: 8192,
    supportedGenerationMethods: ['predictLongRunning'],
    thinking: undefined,
  }),
  fakeGeminiModel('gemini-2.5-flash-image', {
    displayName: 'Nano Banana',
    inputTokenLimit: 32_768,
    outputTokenLimit: 32_768,
    thinking: false,
  }),
  fakeGeminiModel('gemini-2.5-flash-preview-tts', {
    displayName: 'Gemini 2.5 Flash Preview TTS',
    inputTokenLimit: 8192,
    outputTokenLimit: 16_384,
    supportedGenerationMethods: ['countTokens', 'generateContent'],
    thinking: undefined,
  }),
];

/**
 * What every key lists by default, late 2026: the 3.x flash models are current, 2.5 is still
 * served while it retires, 2.0 and 1.5 are gone. Besides text models: aliases, a -lite, a
 * -preview, and the non-text models above. Not in Google's order on purpose: the client sorts.
 */
export const FAKE_GEMINI_MODELS: readonly FakeGeminiModel[] = [
  fakeGeminiModel('gemini-2.5-flash', { displayName: 'Gemini 2.5 Flash' }),
  fakeGeminiModel('gemini-2.5-pro', { displayName: 'Gemini 2.5 Pro' }),
  fakeGeminiModel('gemini-2.5-flash-lite', { displayName: 'Gemini 2.5 Flash-Lite' }),
  fakeGeminiModel('gemini-3-flash', { displayName: 'Gemini 3 Flash' }),
  fakeGeminiModel('gemini-3-pro', { displayName: 'Gemini 3 Pro' }),
  fakeGeminiModel('gemini-3.5-flash', { displayName: 'Gemini 3.5 Flash' }),
  fakeGeminiModel('gemini-3.5-flash-lite-preview', {
    displayName: 'Gemini 3.5 Flash-Lite Preview',
    version: '3.5-flash-lite-preview-10-2026',
  }),
  fakeGeminiModel('gemini-3.5-pro-preview', {
    displayName: 'Gemini 3.5 Pro Preview',
    version: '3.5-pro-preview-09-2026',
  }),
  fakeGeminiModel('gemini-flash-latest', {
    displayName: 'Gemini Flash Latest',
    description: 'Alias that points to the most recent Flash release',
  }),
  fakeGeminiModel('gemma-3-27b-it', {
    displayName: 'Gemma 3 27B',
    inputTokenLimit: 131_072,
    outputTokenLimit: 8192,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
    thinking: undefined,
  }),
  ...FAKE_GEMINI_NON_TEXT_MODELS,
];

/** Shut down: answered 404 NOT_FOUND on every call, and never listed. */
const RETIRED_PATTERNS: readonly RegExp[] = [
  /^gemini-2\.0-flash(-lite)?(-\d{3}|-preview.*|-exp.*)?$/,
  /^gemini-1\.5-.+$/,
  /^gemini-1\.0-.+$/,
  /^gemini-pro(-vision)?$/,
];

export function isRetiredGeminiModel(id: string): boolean {
  return RETIRED_PATTERNS.some((pattern) => pattern.test(id));
}

/**
 * A key whose text contains this lists only the non-text models (and so can call no text
 * model): how the e2e suite and the demo, which reach the fake only through the product,
 * pick that scenario. `setGeminiKeyModels` does the same for any key.
 */
export const NO_TEXT_MODEL_KEY_MARK = 'no-text-model';

/**
 * A key whose text contains this still sees STALE_LISTED_MODEL in its list, but the model
 * answers it 404 NOT_FOUND: Google's list lagging behind a shutdown. The e2e suite uses it to
 * reach the fallback (and its notice) through the product alone.
 */
export const STALE_LIST_KEY_MARK = 'stale-model-list';
export const STALE_LISTED_MODEL = 'gemini-3.5-flash';

/**
 * A key whose text contains this sees STALE_LISTED_MODEL retire after the key was checked: the
 * model still answers countTokens (the check the product makes when a key is added or validated),
 * and generateContent answers 404 NOT_FOUND, as it does once Google has shut the model down. The
 * e2e suite uses it to reach the member's fallback notice through the product alone (a model
 * retiring between the admin's check and a member's generation).
 */
export const RETIRES_AFTER_CHECK_KEY_MARK = 'model-retires-after-check';

/** The fake's scripted model catalog. */
export interface FakeGeminiModels {
  /** What every key lists unless it has a list of its own. */
  common: FakeGeminiModel[];
  /** Lists of single keys. */
  byKey: Map<string, FakeGeminiModel[]>;
  /** Model ids retired while the fake runs (besides the ones shut down for good). */
  retired: Set<string>;
}

export function createFakeGeminiModels(): FakeGeminiModels {
  return { common: [...FAKE_GEMINI_MODELS], byKey: new Map(), retired: new Set() };
}

export function resetFakeGeminiModels(models: FakeGeminiModels): void {
  models.common = [...FAKE_GEMINI_MODELS];
  models.byKey.clear();
  models.retired.clear();
}

/** Strings are text model ids. */
export type FakeGeminiModelInput = string | FakeGeminiModel;

export function toFakeGeminiModels(inputs: readonly FakeGeminiModelInput[]): FakeGeminiModel[] {
  return inputs.map((input) => (typeof input === 'string' ? fakeGeminiModel(input) : input));
}

/** The models a key can use, in listing order. */
export function modelsOfKey(models: FakeGeminiModels, apiKey: string): FakeGeminiModel[] {
  const own =
    models.byKey.get(apiKey) ??
    (apiKey.includes(NO_TEXT_MODEL_KEY_MARK) ? [...FAKE_GEMINI_NON_TEXT_MODELS] : models.common);
  return own.filter((model) => {
    const id = idOf(model);
    return !isRetiredGeminiModel(id) && !models.retired.has(id);
  });
}

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

/** models.list: pages of `pageSize` (default 50, at most 1000) with an opaque `nextPageToken`. */
export function listGeminiModels(
  models: FakeGeminiModels,
  url: URL,
  res: ServerResponse,
  apiKey: string,
): void {
  const rawSize = url.searchParams.get('pageSize');
  const size = rawSize === null || rawSize === '' ? DEFAULT_PAGE_SIZE : Number(rawSize);
  if (!Number.isInteger(size) || size < 0) {
    sendGeminiError(res, 400, `Invalid value at 'page_size' (TYPE_INT32), "${rawSize ?? ''}"`);
    return;
  }
  const pageSize = size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE);
  const token = url.searchParams.get('pageToken') ?? '';
  const offset = token ? offsetOf(token) : 0;
  if (offset === undefined) {
    sendGeminiError(res, 400, 'Invalid page token.');
    return;
  }
  const all = modelsOfKey(models, apiKey);
  const page = all.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  sendJson(res, 200, {
    models: page,
    ...(next < all.length ? { nextPageToken: tokenOf(next) } : {}),
  });
}

function tokenOf(offset: number): string {
  return Buffer.from(`models:${offset}`).toString('base64url');
}

function offsetOf(token: string): number | undefined {
  const match = /^models:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

function idOf(model: FakeGeminiModel): string {
  return model.name.replace(/^models\//, '');
}

function displayNameOf(id: string): string {
  return id
    .split('-')
    .map((part) => (part ? part[0]?.toUpperCase() + part.slice(1) : part))
    .join(' ');
}

/** Google's words for a model that does not exist (any more) or does not do the method. */
function modelNotFound(res: ServerResponse, model: string, endpoint: GeminiEndpoint): void {
  sendGeminiError(
    res,
    404,
    `models/${model} is not found for API version v1beta, or is not supported for ${endpoint.slice('gemini.'.length)}. Call ListModels to see the list of available models and their supported methods.`,
  );
}

/**
 * The key check every Gemini endpoint makes first: `x-goog-api-key` (what the SDK sends) or
 * `?key=`. Until a key is registered every non-empty key is accepted.
 */
export function geminiKeyOf(
  state: FakeGoogleState,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): string | undefined {
  const header = req.headers['x-goog-api-key'];
  const key =
    (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('key') ?? '';
  if (!key) {
    sendGeminiError(
      res,
      403,
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
    return undefined;
  }
  if (state.geminiKeys.size > 0 && !state.geminiKeys.has(key)) {
    sendInvalidGeminiKey(res);
    return undefined;
  }
  return key;
}

export async function handleGemini(
  state: FakeGoogleState,
  models: FakeGeminiModels,
  req: IncomingMessage,
  res: ServerResponse,
  model: string,
  endpoint: GeminiEndpoint,
  apiKey: string,
): Promise<void> {
  const body = await readRequestBody(req, 4 * 1024 * 1024);
  const request = recordOf(body.value);
  // countTokens takes the contents bare or wrapped in a generateContentRequest.
  const inner = recordOf(request.generateContentRequest);
  const prompt = textOf(request.contents ?? inner.contents);
  state.geminiCalls.push({
    endpoint,
    model,
    apiKey,
    prompt,
    generationConfig: request.generationConfig,
    at: new Date(),
  });
  // Only what the key lists answers: retired models, unknown ones and models without the method
  // are 404 NOT_FOUND, as Google answers them.
  const method = endpoint.slice('gemini.'.length);
  const known = modelsOfKey(models, apiKey).find((candidate) => idOf(candidate) === model);
  const shutDown =
    model === STALE_LISTED_MODEL &&
    (apiKey.includes(STALE_LIST_KEY_MARK) ||
      (apiKey.includes(RETIRES_AFTER_CHECK_KEY_MARK) && endpoint === 'gemini.generateContent'));
  if (shutDown || !known?.supportedGenerationMethods.includes(method)) {
    modelNotFound(res, model, endpoint);
    return;
  }
  if (!prompt.trim()) {
    sendGeminiError(res, 400, '* GenerateContentRequest.contents: contents is not specified');
    return;
  }
  const promptTokens = Math.ceil(prompt.length / 4);
  if (endpoint === 'gemini.countTokens') {
    sendJson(res, 200, { totalTokens: promptTokens });
    return;
  }
  const reply = state.geminiReply ?? { text: defaultReply(prompt) };
  sendJson(res, 200, replyJson(reply, model, promptTokens));
}

function replyJson(reply: FakeGeminiReply, model: string, promptTokens: number): unknown {
  const text = reply.text ?? '';
  const usageMetadata = {
    promptTokenCount: promptTokens,
    candidatesTokenCount: Math.ceil(text.length / 4),
    totalTokenCount: promptTokens + Math.ceil(text.length / 4),
  };
  if (reply.blockReason) {
    return { promptFeedback: { blockReason: reply.blockReason, safetyRatings: [] }, usageMetadata };
  }
  const finishReason = reply.finishReason ?? 'STOP';
  const blocked = ['SAFETY', 'RECITATION', 'LANGUAGE'].includes(finishReason);
  return {
    candidates: [
      {
        ...(blocked ? {} : { content: { parts: [{ text }], role: 'model' } }),
        finishReason,
        index: 0,
        safetyRatings: blocked
          ? [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }]
          : [],
      },
    ],
    usageMetadata,
    modelVersion: model,
  };
}

/**
 * A plausible answer built from the prompt, so the demo mode and tests that do not script a
 * reply get a title, description and tags that visibly come from the original title (found after
 * "Judul asli:" in our prompt, else the prompt's last line).
 */
export function defaultReply(prompt: string): string {
  const marked = /Judul asli:\s*(.+)/i.exec(prompt)?.[1];
  const lines = prompt
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const original = (marked ?? lines.at(-1) ?? 'Video')
    .trim()
    .replace(/^["'«]|["'»]$/g, '')
    .slice(0, 80);
  const words = original
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2)
    .slice(0, 5);
  return JSON.stringify({
    title: `${original} | Wajib Tonton!`.slice(0, 100),
    description: `Saksikan video tentang ${original}. Jangan lupa like dan subscribe!`,
    tags: [...new Set([...words, 'video', 'indonesia'])],
  });
}

function textOf(contents: unknown): string {
  if (typeof contents === 'string') return contents;
  if (!Array.isArray(contents)) return '';
  return contents
    .flatMap((content) => {
      const parts = recordOf(content).parts;
      return Array.isArray(parts) ? parts : [];
    })
    .map((part) => recordOf(part).text)
    .filter((text): text is string => typeof text === 'string')
    .join('\n');
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
