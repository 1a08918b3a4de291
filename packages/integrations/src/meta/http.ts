// One Graph call through global fetch: parameters in the query (GET) or a form body (POST),
// the token in `Authorization: Bearer`, Meta's errors as PublishError.
import { fetchPlatformText } from '../publish-error.ts';
import { metaNetworkError, metaResponseError, type MetaPlatform } from './errors.ts';

/** The product's META_* settings. */
export interface MetaEndpoints {
  /** META_AUTH_URL: the login dialog. */
  authUrl: string;
  /** META_GRAPH_BASE_URL, without the version. */
  graphBaseUrl: string;
  /** META_GRAPH_VERSION (`v24.0`). */
  graphVersion: string;
  /** META_UPLOAD_BASE_URL (rupload). */
  uploadBaseUrl: string;
}

export const META_DEFAULT_ENDPOINTS: MetaEndpoints = {
  authUrl: 'https://www.facebook.com/v24.0/dialog/oauth',
  graphBaseUrl: 'https://graph.facebook.com',
  graphVersion: 'v24.0',
  uploadBaseUrl: 'https://rupload.facebook.com',
};

export type GraphParams = Record<string, string | number | boolean | undefined>;

export interface GraphCall {
  method: 'GET' | 'POST';
  /** Below the version: `me/accounts`, `{ig-user-id}/media`... */
  path: string;
  token?: string;
  params?: GraphParams;
  signal?: AbortSignal;
}

export function graphUrl(endpoints: MetaEndpoints, path: string): URL {
  const base = endpoints.graphBaseUrl.replace(/\/+$/, '');
  return new URL(`${base}/${endpoints.graphVersion}/${path.replace(/^\/+/, '')}`);
}

function formOf(params: GraphParams): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) form.set(key, String(value));
  }
  return form;
}

/** The JSON answer, or a PublishError (network trouble, any non-2xx, a body that is not JSON). */
export async function graphRequest<T>(
  endpoints: MetaEndpoints,
  platform: MetaPlatform,
  call: GraphCall,
): Promise<T> {
  const url = graphUrl(endpoints, call.path);
  const form = formOf(call.params ?? {});
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.method === 'GET') {
    for (const [key, value] of form) url.searchParams.set(key, value);
  } else {
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return await fetchJson<T>(platform, url, {
    method: call.method,
    headers,
    body,
    signal: call.signal,
  });
}

/** fetch + JSON + errors, shared by Graph and rupload calls. */
export async function fetchJson<T>(
  platform: MetaPlatform,
  url: URL | string,
  init: RequestInit,
): Promise<T> {
  const { response, text } = await fetchPlatformText(url, init, (error) => metaNetworkError(platform, error));
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON (a proxy's HTML page): handled below by the status.
  }
  if (!response.ok) throw metaResponseError(platform, response.status, json);
  if (typeof json !== 'object' || json === null) throw metaResponseError(platform, 502, json);
  return json as T;
}
