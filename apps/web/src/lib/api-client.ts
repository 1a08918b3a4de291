import { buildPath } from '@scrapper/contracts/http/endpoint';
import type { Endpoint, EndpointInput, EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { useSessionStore } from '@/stores/use-session-store.ts';
import {
  authHeaders,
  httpFailure,
  invalidResponse,
  isPathParams,
  parseInput,
  parseJson,
  request,
  toSearchParams,
} from './api-request.ts';

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
  const path = buildPath(endpoint.path, isPathParams(params) ? params : undefined);
  const token = useSessionStore.getState().token;
  const response = await request(path, {
    method: endpoint.method,
    headers: { Accept: 'application/json', ...authHeaders(token) },
    // Only requests with a body say they carry JSON: Fastify rejects an empty body sent
    // with Content-Type application/json (e.g. on DELETE).
    json: body,
    searchParams: toSearchParams(query),
    signal: input?.signal,
  });

  if (!response.ok) {
    // Public endpoints such as login answer 401 for wrong credentials: no session ends.
    const mayEndSession =
      endpoint.access !== 'public' && input?.logoutOnUnauthorized !== false;
    throw httpFailure(response.status, await response.text(), token, mayEndSession);
  }

  const data = response.status === 204 ? undefined : parseJson(await response.text());
  const result = endpoint.response.safeParse(data);
  if (!result.success) throw invalidResponse(response.status);
  return result.data as EndpointResponse<E>;
}
