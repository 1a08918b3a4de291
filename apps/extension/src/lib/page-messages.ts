// Which messages posted on a Scrapper page the content script acts on (docs/extension-protocol.md).
// Any page script can post to the window, so everything is checked: the sender is the page's own
// window, the origin is the page's and one this copy is connected to, and the shape is exact.

export type PageCommand =
  { kind: 'store-token'; token: string } | { kind: 'clear-token' } | { kind: 'sync' };

/** The parts of a MessageEvent the filter reads. */
export interface PageMessageEvent {
  source: unknown;
  origin: string;
  data: unknown;
}

/** A JWT's three base64url parts; a bearer token longer than this is not ours. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
export const MAX_TOKEN_LENGTH = 4096;

/** Whether a value looks like the API's bearer token (a JWT of sane length). */
export function isTokenShape(token: unknown): token is string {
  return typeof token === 'string' && token.length <= MAX_TOKEN_LENGTH && JWT_SHAPE.test(token);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The command a page message asks for, or null to ignore it. `pageWindow` and `pageOrigin` are
 * the content script's own window and `location.origin`; `connected` the origins of the manifest.
 */
export function pageCommand(
  event: PageMessageEvent,
  pageWindow: unknown,
  pageOrigin: string,
  connected: readonly string[],
): PageCommand | null {
  if (
    event.source !== pageWindow ||
    event.origin !== pageOrigin ||
    !connected.includes(event.origin)
  )
    return null;
  const data = event.data;
  if (!isRecord(data) || data.source !== 'scrapper-web' || data.version !== 1) return null;
  const keys = Object.keys(data).sort().join(',');
  switch (data.type) {
    case 'SCRAPPER_AUTH_TOKEN': {
      const token = data.token;
      if (keys !== 'source,token,type,version' || !isTokenShape(token)) return null;
      return { kind: 'store-token', token };
    }
    case 'SCRAPPER_AUTH_CLEAR':
      return keys === 'source,type,version' ? { kind: 'clear-token' } : null;
    case 'SCRAPPER_COOKIE_SYNC_REQUEST':
      return keys === 'source,type,version' ? { kind: 'sync' } : null;
    default:
      return null;
  }
}
