// The messages between the web app and the Scrapper browser extension (docs/extension-protocol.md).
// The extension's content script shares the page's window: it says hello (and whether it holds
// a token for this Scrapper); the web app then hands it a token of its own, scope `cookies`
// (only the member's cookie routes, made by POST /api/me/extension-token), never the session.

export const EXTENSION_MESSAGE_SOURCE = 'scrapper-web';
export const EXTENSION_HELLO_SOURCE = 'scrapper-extension';
export const EXTENSION_PROTOCOL_VERSION = 2;
/** Spec: the cookie sync is requested 1 second after login, once the extension has the token. */
export const COOKIE_SYNC_DELAY_MS = 1000;

interface MessageBase {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  version: typeof EXTENSION_PROTOCOL_VERSION;
}

/** The extension's own token (scope `cookies`) and whose it is. */
export interface AuthTokenMessage extends MessageBase {
  type: 'SCRAPPER_AUTH_TOKEN';
  token: string;
  username: string;
}

/** The user logged out (or the session ended): the extension forgets the token. */
export interface AuthClearMessage extends MessageBase {
  type: 'SCRAPPER_AUTH_CLEAR';
}

/** Ask the extension to read the platform cookies and send them to the API. */
export interface CookieSyncRequestMessage extends MessageBase {
  type: 'SCRAPPER_COOKIE_SYNC_REQUEST';
}

/** Is an extension there? (It answers with a hello.) */
export interface PingMessage extends MessageBase {
  type: 'SCRAPPER_EXTENSION_PING';
}

export type ExtensionMessage = AuthTokenMessage | AuthClearMessage | CookieSyncRequestMessage | PingMessage;

const base: MessageBase = {
  source: EXTENSION_MESSAGE_SOURCE,
  version: EXTENSION_PROTOCOL_VERSION,
};

export const extensionMessages = {
  authToken: (token: string, username: string): AuthTokenMessage => ({
    ...base,
    type: 'SCRAPPER_AUTH_TOKEN',
    token,
    username,
  }),
  authClear: (): AuthClearMessage => ({ ...base, type: 'SCRAPPER_AUTH_CLEAR' }),
  cookieSyncRequest: (): CookieSyncRequestMessage => ({ ...base, type: 'SCRAPPER_COOKIE_SYNC_REQUEST' }),
  ping: (): PingMessage => ({ ...base, type: 'SCRAPPER_EXTENSION_PING' }),
};

/** The part of `window` the bridge uses, so tests can pass a fake. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { source: unknown; origin: string; data: unknown }) => void): void;
  location: { origin: string };
}

/** Makes the extension's token for the signed-in member (POST /api/me/extension-token). */
export type MintExtensionToken = () => Promise<{ secret: string; username: string }>;

export interface ExtensionBridge {
  /**
   * A login through the form: an extension that is there gets a fresh token, and a cookie sync
   * is requested COOKIE_SYNC_DELAY_MS after it has it.
   */
  announceLogin(): void;
  /** A restored session the server confirmed: the extension gets a token only if it holds none. */
  announceSession(): void;
  /** Tells the extension to forget its token and drops a pending cookie-sync request. */
  announceLogout(): void;
}

/** A hello from the extension's content script, or null for any other message. */
function helloOf(event: { source: unknown; origin: string; data: unknown }, target: MessageTarget): boolean | null {
  if (event.source !== target || event.origin !== target.location.origin) return null;
  const data = event.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null) return null;
  if (data.source !== EXTENSION_HELLO_SOURCE || data.version !== EXTENSION_PROTOCOL_VERSION) return null;
  if (data.type !== 'SCRAPPER_EXTENSION_HELLO' || typeof data.connected !== 'boolean') return null;
  return data.connected;
}

export function createExtensionBridge(
  target: MessageTarget,
  mint: MintExtensionToken,
  cookieSyncDelayMs: number = COOKIE_SYNC_DELAY_MS,
): ExtensionBridge {
  let pendingSync: ReturnType<typeof setTimeout> | undefined;
  /** An extension said hello on this page, and whether it holds a token for this Scrapper. */
  let present = false;
  let holdsToken = false;
  /** What the session asked for and is not done yet. */
  let wanted: 'none' | 'login' | 'session' = 'none';
  let minting = false;
  /** Bumped by every logout: a token made for an ended session is not handed over. */
  let generation = 0;

  // Posting to our own origin, never '*': the token must not reach frames of other sites.
  // A content script shares the page's window, so it still receives it.
  function post(message: ExtensionMessage) {
    target.postMessage(message, target.location.origin);
  }

  function cancelPendingSync() {
    if (pendingSync !== undefined) clearTimeout(pendingSync);
    pendingSync = undefined;
  }

  function connect() {
    if (!present || minting || wanted === 'none') return;
    if (wanted === 'session' && holdsToken) {
      wanted = 'none';
      return;
    }
    minting = true;
    const started = generation;
    mint()
      .then(({ secret, username }) => {
        if (started !== generation) return;
        wanted = 'none';
        holdsToken = true;
        cancelPendingSync();
        post(extensionMessages.authToken(secret, username));
        pendingSync = setTimeout(() => {
          pendingSync = undefined;
          post(extensionMessages.cookieSyncRequest());
        }, cookieSyncDelayMs);
      })
      // The extension is optional: when its token cannot be made, the app goes on without it.
      .catch(() => {
        if (started === generation) wanted = 'none';
      })
      .finally(() => {
        minting = false;
        connect();
      });
  }

  target.addEventListener('message', (event) => {
    const connected = helloOf(event, target);
    if (connected === null) return;
    present = true;
    holdsToken = connected;
    connect();
  });
  // A content script that loaded before this listener answers with a hello.
  post(extensionMessages.ping());

  return {
    announceLogin() {
      wanted = 'login';
      connect();
    },
    announceSession() {
      if (wanted === 'none') wanted = 'session';
      connect();
    },
    announceLogout() {
      generation++;
      wanted = 'none';
      holdsToken = false;
      cancelPendingSync();
      post(extensionMessages.authClear());
    },
  };
}
