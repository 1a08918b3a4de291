import { buildPath } from '@scrapper/contracts/http/endpoint';
import type { Endpoint, EndpointInput } from '@scrapper/contracts/http/endpoint';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { isAbortError } from './api-error.ts';
import {
  authHeaders,
  httpFailure,
  isPathParams,
  networkError,
  parseInput,
  request,
  toSearchParams,
} from './api-request.ts';
import { fileNameFromContentDisposition } from './content-disposition.ts';

// The binary endpoints (preview, download, stored files) answer a file instead of JSON, so
// they do not go through `call`: same token, same 401 rule, same ApiError, but the body is
// kept as a Blob together with the name the server gave it.

export interface FetchedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none (previews). */
  fileName: string | null;
  contentType: string;
}

export interface FetchFileOptions {
  signal?: AbortSignal;
}

/**
 * GETs a file at an API path (e.g. a `downloadUrl` the server handed out). Failures throw
 * ApiError with the server's message (yt-dlp's reason on a 502, 'File hilang' on a 404).
 */
export async function fetchFileAt(
  path: string,
  searchParams?: Record<string, string>,
  options: FetchFileOptions = {},
): Promise<FetchedFile> {
  const token = useSessionStore.getState().token;
  const response = await request(path, {
    method: 'GET',
    headers: authHeaders(token),
    searchParams,
    signal: options.signal,
  });

  if (!response.ok) {
    throw httpFailure(response.status, await response.text().catch(() => ''), token);
  }

  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError();
  }
  return {
    blob,
    fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type') ?? blob.type,
  };
}

/** GETs a binary endpoint of the contracts' map; params and query are checked first. */
export function fetchFile<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: FetchFileOptions = {},
): Promise<FetchedFile> {
  try {
    const params = parseInput(endpoint.params, input.params);
    const query = parseInput(endpoint.query, input.query);
    const path = buildPath(endpoint.path, isPathParams(params) ? params : undefined);
    return fetchFileAt(path, toSearchParams(query), options);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
