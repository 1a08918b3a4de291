import { ErrorResponseSchema } from '@scrapper/contracts/common';
import { buildPath } from '@scrapper/contracts/http/endpoint';
import type { Endpoint, EndpointInput } from '@scrapper/contracts/http/endpoint';
import ky from 'ky';
import type { z } from 'zod';
import { env } from '@/config/env.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { ApiError, isAbortError } from './api-error.ts';
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

const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.';

// No timeout: the server waits for a worker to fetch the video, which can take a while.
const http = ky.create({ timeout: false, retry: 0, throwHttpErrors: false });

function validated<T>(schema: z.ZodType | undefined, value: T): unknown {
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
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

function isPathParams(value: unknown): value is Record<string, string | number> {
  return value !== null && typeof value === 'object';
}

async function serverMessageOf(response: Response): Promise<string | undefined> {
  try {
    const parsed = ErrorResponseSchema.safeParse(JSON.parse(await response.text()));
    return parsed.success ? parsed.data.message : undefined;
  } catch {
    return undefined;
  }
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
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await http(new URL(env.apiOrigin + path, window.location.origin), {
      method: 'GET',
      headers,
      searchParams,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({ kind: 'network', status: 0, message: NETWORK_MESSAGE });
  }

  if (!response.ok) {
    const serverMessage = await serverMessageOf(response);
    const session = useSessionStore.getState();
    if (response.status === 401 && token !== null && session.token === token) {
      session.logout('unauthorized');
    }
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: serverMessage ?? `Permintaan gagal (HTTP ${response.status}).`,
      serverMessage,
    });
  }

  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({ kind: 'network', status: 0, message: NETWORK_MESSAGE });
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
    const params = validated(endpoint.params, input.params);
    const query = validated(endpoint.query, input.query);
    const path = buildPath(endpoint.path, isPathParams(params) ? params : undefined);
    return fetchFileAt(path, toSearchParams(query), options);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
