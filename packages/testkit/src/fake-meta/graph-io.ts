// Meta's wire dialect: the Graph error body, parameters taken from the query, a form or JSON
// body alike, the access token from `access_token` or `Authorization: Bearer|OAuth`, and the
// checks every Graph call makes of that token.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import type { FakeMetaState, TokenGrant } from './state.ts';

export interface GraphErrorInput {
  status?: number;
  message: string;
  type?: string;
  code: number;
  subcode?: number;
  userTitle?: string;
  userMessage?: string;
  isTransient?: boolean;
}

export function sendGraphError(res: ServerResponse, error: GraphErrorInput): void {
  sendJson(res, error.status ?? 400, {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      is_transient: error.isTransient ?? false,
      ...(error.userTitle === undefined ? {} : { error_user_title: error.userTitle }),
      ...(error.userMessage === undefined ? {} : { error_user_msg: error.userMessage }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

/** rupload's own error body. */
export function sendRuploadError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  sendJson(res, status, { debug_info: { retriable: status >= 500, type, message }, ...extra });
}

export function invalidParameter(res: ServerResponse, message: string, subcode?: number): void {
  sendGraphError(res, {
    message: `(#100) ${message}`,
    code: 100,
    ...(subcode === undefined ? {} : { subcode }),
  });
}

/** Query, then a urlencoded or JSON body (a POST's body wins, as at Graph). */
export async function paramsOf(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const params = new URLSearchParams(url.searchParams);
  if (req.method !== 'POST') return params;
  const body = await readRequestBody(req, 256 * 1024);
  if (typeof body.value === 'string') {
    for (const [key, value] of new URLSearchParams(body.value)) params.set(key, value);
  } else if (body.value && typeof body.value === 'object') {
    for (const [key, value] of Object.entries(body.value as Record<string, unknown>)) {
      params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return params;
}

export function tokenFrom(req: IncomingMessage, params: URLSearchParams): string | undefined {
  const header = /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  return header ?? params.get('access_token') ?? undefined;
}

/** The grant behind a token, or the Graph error already sent. */
export function authenticate(
  state: FakeMetaState,
  res: ServerResponse,
  token: string | undefined,
): TokenGrant | undefined {
  if (!token) {
    sendGraphError(res, {
      message: 'An active access token must be used to query information about the current user.',
      code: 2500,
    });
    return undefined;
  }
  const grant = state.tokens.get(token);
  if (!grant) {
    sendGraphError(res, {
      message: 'Invalid OAuth access token - Cannot parse access token',
      code: 190,
    });
    return undefined;
  }
  const dead =
    grant.dead ??
    (grant.expiresAt !== undefined && grant.expiresAt <= Date.now() ? 463 : undefined);
  if (dead !== undefined) {
    sendGraphError(res, {
      message:
        dead === 460
          ? 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.'
          : `Error validating access token: Session has expired on ${new Date(grant.expiresAt ?? Date.now()).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      code: 190,
      subcode: dead,
    });
    return undefined;
  }
  return grant;
}

/** Code 200 (Pages) or 10 (Instagram) when the token lacks every one of the permissions. */
export function lacksPermission(
  res: ServerResponse,
  grant: TokenGrant,
  needed: string[],
  code: 10 | 200,
): boolean {
  const missing = needed.filter((scope) => !grant.scopes.has(scope));
  if (missing.length === 0) return false;
  sendGraphError(res, {
    status: 403,
    message:
      code === 10
        ? `(#10) Application does not have permission for this action (${missing.join(', ')})`
        : `(#200) Requires ${missing.join(', ')} permission to manage the object`,
    code,
  });
  return true;
}

/** Top-level names of a `fields` parameter (`a,b{c,d},e` -> a, b, e) with their sub-lists. */
export function fieldsOf(value: string | null): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  if (!value) return fields;
  let depth = 0;
  let current = '';
  const flush = (): void => {
    const match = /^([\w.]+)(?:\{(.*)\})?$/.exec(current.trim());
    if (match?.[1]) fields.set(match[1], match[2] ? match[2].split(',').map((f) => f.trim()) : []);
    current = '';
  };
  for (const char of value) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (char === ',' && depth === 0) flush();
    else current += char;
  }
  flush();
  return fields;
}
