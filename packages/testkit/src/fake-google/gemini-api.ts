import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import { sendGeminiError, sendInvalidGeminiKey } from './google-errors.ts';
import type { FakeGeminiCall, FakeGeminiReply, FakeGoogleState } from './state.ts';

/** Under this prefix of the fake's origin, as the real service has none: proves baseUrl is used whole. */
export const GEMINI_PREFIX = '/gemini';
export const GEMINI_PATTERN = /^\/gemini\/v1beta\/models\/([^/:]+):(generateContent|countTokens)$/;

export type GeminiEndpoint = FakeGeminiCall['endpoint'];

/**
 * The key check both Gemini endpoints make first: `x-goog-api-key` (what the SDK sends) or
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
  if (!model.startsWith('gemini-')) {
    sendGeminiError(
      res,
      404,
      `models/${model} is not found for API version v1beta, or is not supported for ${endpoint.slice('gemini.'.length)}. Call ListModels to see the list of available models and their supported methods.`,
    );
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
