import type { ServerResponse } from 'node:http';
import { sendJson } from '../fake-apify/http-io.ts';

/** The `status` string Google puts beside the numeric code. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

interface ReasonInfo {
  status: number;
  domain: string;
  message: string;
}

/** YouTube Data API error reasons the fake knows, with the status and text Google sends. */
const REASONS: Record<string, ReasonInfo> = {
  quotaExceeded: {
    status: 403,
    domain: 'youtube.quota',
    message:
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  },
  uploadLimitExceeded: {
    status: 400,
    domain: 'youtube.video',
    message: 'The user has exceeded the number of videos they may upload.',
  },
  forbidden: { status: 403, domain: 'youtube.video', message: 'Forbidden' },
  rateLimitExceeded: {
    status: 403,
    domain: 'usageLimits',
    message: 'The request was rate limited. Slow down.',
  },
  userRateLimitExceeded: {
    status: 403,
    domain: 'usageLimits',
    message: 'The user has sent too many requests in a given amount of time.',
  },
  insufficientPermissions: {
    status: 403,
    domain: 'global',
    message: 'Request had insufficient authentication scopes.',
  },
  authError: {
    status: 401,
    domain: 'global',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  videoNotFound: {
    status: 404,
    domain: 'youtube.video',
    message: 'The video identified by the <code>videoId</code> parameter could not be found.',
  },
  playlistNotFound: {
    status: 404,
    domain: 'youtube.playlistItem',
    message:
      'The playlist identified with the request\u2019s <code>playlistId</code> parameter cannot be found.',
  },
  playlistItemsNotAccessible: {
    status: 403,
    domain: 'youtube.playlistItem',
    message: 'The request is not properly authorized to insert the specified playlist item.',
  },
  invalidTitle: {
    status: 400,
    domain: 'youtube.video',
    message: 'The request metadata specifies an invalid or empty video title.',
  },
  invalidDescription: {
    status: 400,
    domain: 'youtube.video',
    message: 'The request metadata specifies an invalid video description.',
  },
  invalidTags: {
    status: 400,
    domain: 'youtube.video',
    message: 'The request metadata specifies invalid video keywords.',
  },
  invalidCategoryId: {
    status: 400,
    domain: 'youtube.video',
    message: 'The <code>snippet.categoryId</code> property specifies an invalid category ID.',
  },
  invalidPublishAt: {
    status: 400,
    domain: 'youtube.video',
    message: 'The request metadata specifies an invalid scheduled publishing time.',
  },
  invalidVideoMetadata: {
    status: 400,
    domain: 'youtube.video',
    message: 'The request metadata is invalid.',
  },
  mediaBodyRequired: {
    status: 400,
    domain: 'youtube.thumbnail',
    message: 'The request does not include the image content.',
  },
  required: { status: 400, domain: 'global', message: 'Required parameter missing.' },
  badRequest: { status: 400, domain: 'global', message: 'Bad Request' },
  notFound: { status: 404, domain: 'global', message: 'Not Found' },
  backendError: { status: 503, domain: 'global', message: 'The service is currently unavailable.' },
  internalError: { status: 500, domain: 'global', message: 'Internal error encountered.' },
};

/** The reason Google gives a bare status. */
function reasonForStatus(status: number): string {
  if (status === 401) return 'authError';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'rateLimitExceeded';
  if (status === 503) return 'backendError';
  if (status >= 500) return 'internalError';
  return 'badRequest';
}

/** Google's API error body: `{"error":{"code","message","errors":[{message,domain,reason}],"status"}}`. */
export function youtubeErrorBody(fields: { status?: number; reason?: string; message?: string }): {
  status: number;
  body: unknown;
} {
  const reason = fields.reason ?? reasonForStatus(fields.status ?? 400);
  const known = REASONS[reason];
  const status = fields.status ?? known?.status ?? 400;
  const message = fields.message ?? known?.message ?? reason;
  return {
    status,
    body: {
      error: {
        code: status,
        message,
        errors: [{ message, domain: known?.domain ?? 'global', reason }],
        status: STATUS_NAMES[status] ?? 'UNKNOWN',
      },
    },
  };
}

export function sendYouTubeError(
  res: ServerResponse,
  fields: { status?: number; reason?: string; message?: string },
): void {
  const { status, body } = youtubeErrorBody(fields);
  const headers: Record<string, string> =
    status === 401 ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' } : {};
  sendJson(res, status, body, headers);
}

/** The OAuth token endpoint's error body: `{"error","error_description"}`. */
export function sendOAuthError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
): void {
  sendJson(res, status, { error, error_description: description }, { 'cache-control': 'no-store' });
}

/** Gemini's error body: `{"error":{"code","message","status","details"?}}`. */
export function sendGeminiError(
  res: ServerResponse,
  status: number,
  message?: string,
  details?: unknown[],
): void {
  const text = message ?? defaultGeminiMessage(status);
  sendJson(res, status, {
    error: {
      code: status,
      message: text,
      status: STATUS_NAMES[status] ?? 'UNKNOWN',
      ...(details ? { details } : {}),
    },
  });
}

export function sendInvalidGeminiKey(res: ServerResponse): void {
  const message = 'API key not valid. Please pass a valid API key.';
  sendGeminiError(res, 400, message, [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message },
  ]);
}

function defaultGeminiMessage(status: number): string {
  if (status === 429) return 'Resource has been exhausted (e.g. check quota).';
  if (status === 503) return 'The model is overloaded. Please try again later.';
  if (status >= 500)
    return 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting';
  if (status === 403) return 'The caller does not have permission';
  return `Injected ${status}`;
}

/** Google's account pages answer a bad authorize request with a readable HTML error page. */
export function sendErrorPage(
  res: ServerResponse,
  status: number,
  error: string,
  detail: string,
): void {
  const html = page(
    `Error ${status}: ${error}`,
    `<h1 id="oauth-error">Error ${status}: ${escapeHtml(error)}</h1><p>${escapeHtml(detail)}</p>`,
  );
  sendHtml(res, status, html);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'cache-control': 'no-store',
  });
  res.end(html);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
