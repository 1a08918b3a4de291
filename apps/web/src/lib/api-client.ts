import { ErrorResponseSchema } from '@scrapper/contracts/common';
import { buildPath } from '@scrapper/contracts/http/endpoint';
import type { Endpoint, EndpointInput, EndpointResponse } from '@scrapper/contracts/http/endpoint';
import ky from 'ky';
import type { z } from 'zod';
import { env } from '@/config/env.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { ApiError, isAbortError } from './api-error.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Whether a 401 ends the session (default true). Spec: every 401 logs out, except the
   * playlist calls of the YouTube page, where a 401 is about the Google account.
   */
  logoutOnUnauthorized?: boolean;
}

type CallInput<E extends Endpoint> = EndpointInput<E> & CallOptions;
/** The input may be left out when the endpoint takes no params, query or body. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.';
const INVALID_RESPONSE_MESSAGE = 'Respons server tidak dikenali.';

// No timeout (spec: the HTTP client has none; scrapes and uploads can take long) and no
// automatic retries: a repeated POST could create something twice, and the user decides.
const http = ky.create({ timeout: false, retry: 0, throwHttpErrors: false });

function parseInput<T>(schema: z.ZodType | undefined, value: T): unknown {
  if (!schema || value === undefined) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError({
    kind: 'invalid-request',
    status: 0,
    message: result.error.issues[0]?.message ?? 'Data yang dikirim tidak valid.',
  });
}

function toSearchParams(query: unknown): Record<string, string> | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  const entries = Object.entries(query).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

function isPathParams(value: unknown): value is Record<string, string | number> {
  return value !== null && typeof value === 'object';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls one endpoint of the contracts' map: fills the path, validates params, query and body
 * with the endpoint's schemas, sends the bearer token, and parses the answer with the
 * endpoint's response schema. Failures throw ApiError; a 401 on a protected endpoint logs
 * the user out (public endpoints such as login answer 401 for wrong credentials, which says
 * nothing about the current session).
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const params = parseInput(endpoint.params, input?.params);
  const query = parseInput(endpoint.query, input?.query);
  const body = parseInput(endpoint.body, input?.body);
  const url = env.apiOrigin + buildPath(endpoint.path, isPathParams(params) ? params : undefined);
  const token = useSessionStore.getState().token;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await http(new URL(url, window.location.origin), {
      method: endpoint.method,
      headers,
      // Only requests with a body say they carry JSON: Fastify rejects an empty body sent
      // with Content-Type application/json (e.g. on DELETE).
      json: body,
      searchParams: toSearchParams(query),
      signal: input?.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({ kind: 'network', status: 0, message: NETWORK_MESSAGE });
  }

  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(await readJson(response));
    const serverMessage = parsed.success ? parsed.data.message : undefined;
    const serverError = parsed.success ? parsed.data.error : undefined;
    const serverDetail = parsed.success ? parsed.data.detail : undefined;
    const session = useSessionStore.getState();
    // Only end the session this request was made with: a late 401 for an old token must not
    // log out someone who has just logged in again.
    const endsSession =
      response.status === 401 &&
      endpoint.access !== 'public' &&
      input?.logoutOnUnauthorized !== false &&
      token !== null &&
      session.token === token;
    if (endsSession) session.logout('unauthorized');
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: serverMessage ?? `Permintaan gagal (HTTP ${response.status}).`,
      serverMessage,
      serverError,
      serverDetail,
    });
  }

  const data = response.status === 204 ? undefined : await readJson(response);
  const result = endpoint.response.safeParse(data);
  if (!result.success) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: INVALID_RESPONSE_MESSAGE,
    });
  }
  return result.data as EndpointResponse<E>;
}
