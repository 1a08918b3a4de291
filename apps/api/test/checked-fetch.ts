// Wraps the global fetch of a test process: an answer from an app started by the harness is
// checked against that app's own OpenAPI document (/api/docs/json) before the test sees it.
// A mismatch rejects the fetch (the test fails where it asked) and is kept for close().
import { createResponseValidator, isJsonType, type ResponseValidator } from './openapi-validator.ts';

const realFetch = globalThis.fetch;
type FetchInput = Parameters<typeof fetch>[0];
const apps = new Map<string, { validator: ResponseValidator; violations: string[] }>();

/** Bodies read for the check: JSON and short text types, never files or event streams. */
function readsBody(contentType: string | null): boolean {
  if (!contentType) return true;
  return isJsonType(contentType) || /^text\/(plain|html)/i.test(contentType);
}

function requestMethod(input: FetchInput, init: RequestInit | undefined): string {
  return init?.method ?? (input instanceof Request ? input.method : 'GET');
}

function requestUrl(input: FetchInput): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
}

const checkedFetch: typeof fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = requestUrl(input);
  const app = apps.get(url.origin);
  if (!app) return response;
  const contentType = response.headers.get('content-type');
  const text = readsBody(contentType) ? await response.clone().text() : undefined;
  const problem = app.validator.check({
    method: requestMethod(input, init),
    path: url.pathname,
    status: response.status,
    contentType,
    text,
  });
  if (problem) {
    app.violations.push(problem);
    throw new Error(`The answer does not match the OpenAPI document: ${problem}`);
  }
  return response;
};

export interface CheckedAnswers {
  violations: string[];
  stop(): void;
}

export async function checkAnswersAgainst(baseUrl: string): Promise<CheckedAnswers> {
  const res = await realFetch(`${baseUrl}/api/docs/json`);
  if (res.status !== 200) throw new Error(`GET /api/docs/json answered ${res.status}`);
  const entry = { validator: createResponseValidator((await res.json()) as Record<string, unknown>), violations: [] as string[] };
  const origin = new URL(baseUrl).origin;
  apps.set(origin, entry);
  globalThis.fetch = checkedFetch;
  return {
    violations: entry.violations,
    stop() {
      apps.delete(origin);
      if (apps.size === 0) globalThis.fetch = realFetch;
    },
  };
}
