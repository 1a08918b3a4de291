// Which messages posted on a Scrapper page the content script acts on (docs/extension-protocol.md).
// Any page script can post to the window, so everything is checked: the sender is the page's own
// window, the origin is the page's and one this copy is connected to, and the shape is exact.

/** The protocol's version; messages of any other version are ignored. */
export const PROTOCOL_VERSION = 2;

export type PageCommand =
  | { kind: 'store-token'; token: string; username: string }
  | { kind: 'clear-token' }
  | { kind: 'sync' }
  | { kind: 'ping' };

/** The parts of a MessageEvent the filter reads. */
export interface PageMessageEvent {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * The extension's token: a personal API token of scope `cookies` (`scr_` and 43 base64url
 * characters), made for the extension by POST /api/me/extension-token. Never a session.
 */
const TOKEN_SHAPE = /^scr_[A-Za-z0-9_-]{43}$/;
export const MAX_USERNAME_LENGTH = 64;

/** Whether a value looks like the extension's token. */
export function isTokenShape(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}

function isUsername(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_USERNAME_LENGTH;
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
  if (!isRecord(data) || data.source !== 'scrapper-web' || data.version !== PROTOCOL_VERSION)
    return null;
  const keys = Object.keys(data).sort().join(',');
  switch (data.type) {
    case 'SCRAPPER_AUTH_TOKEN': {
      const { token, username } = data;
      if (keys !== 'source,token,type,username,version' || !isTokenShape(token) || !isUsername(username))
        return null;
      return { kind: 'store-token', token, username };
    }
    case 'SCRAPPER_AUTH_CLEAR':
      return keys === 'source,type,version' ? { kind: 'clear-token' } : null;
    case 'SCRAPPER_COOKIE_SYNC_REQUEST':
      return keys === 'source,type,version' ? { kind: 'sync' } : null;
    case 'SCRAPPER_EXTENSION_PING':
      return keys === 'source,type,version' ? { kind: 'ping' } : null;
    default:
      return null;
  }
}

/** What the content script posts to the page: the extension is here, and whether it holds a token for it. */
export function helloMessage(connected: boolean) {
  return {
    source: 'scrapper-extension',
    version: PROTOCOL_VERSION,
    type: 'SCRAPPER_EXTENSION_HELLO',
    connected,
  } as const;
}
