// One way to call TikTok's JSON endpoints with global fetch: the URL from the configured base,
// the answer parsed (TikTok's int64 post ids kept exact), failures turned into PublishError.

import { fetchPlatformText } from '../publish-error.ts';
import {
  isRecord,
  tiktokErrorFieldsOf,
  tiktokErrorFromAnswer,
  tiktokNetworkError,
} from './errors.ts';

/** What every call on behalf of a connected account takes. */
export interface TikTokAuthorizedCall {
  /** TIKTOK_API_BASE_URL: `https://open.tiktokapis.com` or a fake's. */
  apiBaseUrl: string;
  accessToken: string;
  signal?: AbortSignal;
}

/** `path` under a base URL that may or may not end with a slash. */
export function tiktokUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** Sends a request and reads its JSON answer; network trouble becomes a retryable PublishError. */
export async function tiktokRequest(
  what: string,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  const { response, text } = await fetchPlatformText(url, init, (error) => tiktokNetworkError(what, error));
  return { status: response.status, body: parseTikTokJson(text) };
}

/** The `data` of a successful API answer; anything else throws PublishError. */
export async function callTikTokApi(
  what: string,
  call: TikTokAuthorizedCall,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.accessToken}` };
  if (body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8';
  const answer = await tiktokRequest(what, tiktokUrl(call.apiBaseUrl, path), {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: call.signal,
  });
  if (answer.status < 200 || answer.status > 299 || tiktokErrorFieldsOf(answer.body)) {
    throw tiktokErrorFromAnswer(answer.status, answer.body, what);
  }
  const data = isRecord(answer.body) ? answer.body.data : undefined;
  if (!isRecord(data)) throw tiktokErrorFromAnswer(502, answer.body, `${what} (no data)`);
  return data;
}

/**
 * JSON.parse, but `publicaly_available_post_id` (TikTok spells it so) holds int64 numbers that a
 * JS number would round: they are read as strings.
 */
export function parseTikTokJson(text: string): unknown {
  const exact = text.replace(
    /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/g,
    (_whole, head: string, list: string) =>
      `${head}${list
        .split(',')
        .map((item) => (/^\s*-?\d+\s*$/.test(item) ? `"${item.trim()}"` : item))
        .join(',')}]`,
  );
  try {
    return JSON.parse(exact) as unknown;
  } catch {
    return text === '' ? undefined : { raw: text.slice(0, 500) };
  }
}

export function stringField(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function booleanField(record: Record<string, unknown>, key: string): boolean {
  return record[key] === true;
}

export function numberField(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
