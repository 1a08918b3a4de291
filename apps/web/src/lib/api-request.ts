import { ErrorResponseSchema } from '@scrapper/contracts/common';
import ky, { type Options } from 'ky';
import type { z } from 'zod';
import { env } from '@/config/env.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { ApiError, isAbortError } from './api-error.ts';

// What every way of calling the API shares: `call` (JSON), `fetchFile` (files) and
// `sendFormData` (multipart). One reading of the input against the contract, one of an error
// answer, one 401 rule, the same words.

export const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.';
export const INVALID_RESPONSE_MESSAGE = 'Respons server tidak dikenali.';

// No timeout (spec: the HTTP client has none; scrapes, uploads and a worker fetching a video
// can take long) and no automatic retries: a repeated POST could create something twice, and
// the user decides.
const http = ky.create({ timeout: false, retry: 0, throwHttpErrors: false });

/** No answer at all (offline, server down). */
export function networkError(): ApiError {
  return new ApiError({ kind: 'network', status: 0, message: NETWORK_MESSAGE });
}

/** The URL of an API path (the API may live on another origin, config/env.ts). */
export function apiUrl(path: string): URL {
  return new URL(env.apiOrigin + path, window.location.origin);
}

/** The bearer header of the session's token, when there is one. */
export function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Sends one request through ky; no answer at all is a network ApiError, an abort stays one. */
export async function request(path: string, options: Options): Promise<Response> {
  try {
    return await http(apiUrl(path), options);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError();
  }
}

/** An answer that does not match the contract. */
export function invalidResponse(status: number): ApiError {
  return new ApiError({ kind: 'invalid-response', status, message: INVALID_RESPONSE_MESSAGE });
}

/** `value` checked (and defaulted) by the endpoint's schema; refused input never leaves. */
export function parseInput<T>(schema: z.ZodType | undefined, value: T): unknown {
  if (!schema || value === undefined) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError({
    kind: 'invalid-request',
    status: 0,
    message: result.error.issues[0]?.message ?? 'Data yang dikirim tidak valid.',
  });
}

export function toSearchParams(query: unknown): Record<string, string> | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  const entries = Object.entries(query).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

export function isPathParams(value: unknown): value is Record<string, string | number> {
  return value !== null && typeof value === 'object';
}

/** The JSON of a body; undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The ApiError of an error answer, with the server's message, error and detail. A 401 ends
 * the session when `mayEndSession`, and only the session the request was made with (`token`):
 * a late 401 for an old token must not log out someone who has just logged in again.
 */
export function httpFailure(
  status: number,
  bodyText: string,
  token: string | null,
  mayEndSession = true,
): ApiError {
  const parsed = ErrorResponseSchema.safeParse(parseJson(bodyText));
  const serverMessage = parsed.success ? parsed.data.message : undefined;
  const session = useSessionStore.getState();
  if (status === 401 && mayEndSession && token !== null && session.token === token) {
    session.logout('unauthorized');
  }
  return new ApiError({
    kind: 'http',
    status,
    message: serverMessage ?? `Permintaan gagal (HTTP ${status}).`,
    serverMessage,
    serverError: parsed.success ? parsed.data.error : undefined,
    serverDetail: parsed.success ? parsed.data.detail : undefined,
  });
}
