import type { Endpoint, EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { apiUrl, httpFailure, invalidResponse, networkError, parseJson } from './api-request.ts';

// The multipart endpoints (YouTube upload, effect preview) take FormData, which `call` (JSON
// through ky) does not send. They go through XMLHttpRequest instead, because fetch cannot
// report upload progress and a 2 GB video needs a progress bar. Same bearer token, same 401
// rule and the same ApiError as `call`.

export interface UploadProgress {
  loaded: number;
  /** null when the browser cannot tell the size of the body. */
  total: number | null;
}

export interface SendFormOptions {
  signal?: AbortSignal;
  /** Called as the request body goes out. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

interface Answer {
  status: number;
  /** A string for responseType 'text', a Blob for 'blob'. */
  body: unknown;
}

function abortError(): DOMException {
  return new DOMException('The request was aborted.', 'AbortError');
}

function send(
  endpoint: Endpoint,
  form: FormData,
  responseType: 'text' | 'blob',
  options: SendFormOptions,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { signal, onUploadProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const token = useSessionStore.getState().token;
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, apiUrl(endpoint.path));
    xhr.responseType = responseType;
    xhr.setRequestHeader('Accept', responseType === 'blob' ? '*/*' : 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // No Content-Type: the browser writes multipart/form-data with its boundary.

    if (onUploadProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onUploadProgress({
          loaded: event.loaded,
          total: event.lengthComputable ? event.total : null,
        });
      });
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      done();
      const answer: Answer = { status: xhr.status, body: xhr.response };
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(answer);
        return;
      }
      void textOf(answer.body)
        .catch(() => '')
        .then((text) => reject(httpFailure(answer.status, text, token)));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(networkError());
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.send(form);
  });
}

async function textOf(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (body instanceof Blob) return body.text();
  return '';
}

/** POSTs FormData to an endpoint without path params and parses its JSON answer. */
export async function sendFormData<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: SendFormOptions = {},
): Promise<EndpointResponse<E>> {
  const answer = await send(endpoint, form, 'text', options);
  const result = endpoint.response.safeParse(parseJson(await textOf(answer.body)));
  if (!result.success) throw invalidResponse(answer.status);
  return result.data as EndpointResponse<E>;
}

/** POSTs FormData to an endpoint that answers a file (e.g. video/mp4). */
export async function sendFormDataForBlob(
  endpoint: Endpoint,
  form: FormData,
  options: SendFormOptions = {},
): Promise<Blob> {
  const answer = await send(endpoint, form, 'blob', options);
  if (answer.body instanceof Blob) return answer.body;
  throw invalidResponse(answer.status);
}
