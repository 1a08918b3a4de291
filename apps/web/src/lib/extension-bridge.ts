// The messages the web app posts to the Scrapper browser extension (documented in
// docs/extension-protocol.md). The extension's content script listens on the page's window.

export const EXTENSION_MESSAGE_SOURCE = 'scrapper-web';
export const EXTENSION_PROTOCOL_VERSION = 1;
/** Spec: the cookie sync is requested 1 second after login, once the extension has the token. */
export const COOKIE_SYNC_DELAY_MS = 1000;

interface MessageBase {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  version: typeof EXTENSION_PROTOCOL_VERSION;
}

/** A user logged in: the extension keeps this token to call the API on their behalf. */
export interface AuthTokenMessage extends MessageBase {
  type: 'SCRAPPER_AUTH_TOKEN';
  token: string;
}

/** The user logged out (or the session ended): the extension forgets the token. */
export interface AuthClearMessage extends MessageBase {
  type: 'SCRAPPER_AUTH_CLEAR';
}

/** Ask the extension to read the platform cookies and send them to the API. */
export interface CookieSyncRequestMessage extends MessageBase {
  type: 'SCRAPPER_COOKIE_SYNC_REQUEST';
}

export type ExtensionMessage = AuthTokenMessage | AuthClearMessage | CookieSyncRequestMessage;

const base: MessageBase = {
  source: EXTENSION_MESSAGE_SOURCE,
  version: EXTENSION_PROTOCOL_VERSION,
};

export const extensionMessages = {
  authToken: (token: string): AuthTokenMessage => ({ ...base, type: 'SCRAPPER_AUTH_TOKEN', token }),
  authClear: (): AuthClearMessage => ({ ...base, type: 'SCRAPPER_AUTH_CLEAR' }),
  cookieSyncRequest: (): CookieSyncRequestMessage => ({
    ...base,
    type: 'SCRAPPER_COOKIE_SYNC_REQUEST',
  }),
};

/** The part of `window` the bridge uses, so tests can pass a fake. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
  location: { origin: string };
}

export interface ExtensionBridge {
  /** Sends the token now and a cookie-sync request COOKIE_SYNC_DELAY_MS later. */
  announceLogin(token: string): void;
  /** Tells the extension to forget the token and drops a pending cookie-sync request. */
  announceLogout(): void;
}

export function createExtensionBridge(
  target: MessageTarget,
  cookieSyncDelayMs: number = COOKIE_SYNC_DELAY_MS,
): ExtensionBridge {
  let pendingSync: ReturnType<typeof setTimeout> | undefined;

  // Posting to our own origin, never '*': the token must not reach frames of other sites.
  // A content script shares the page's window, so it still receives it. Without an
  // extension nobody listens and the message is simply dropped.
  function post(message: ExtensionMessage) {
    target.postMessage(message, target.location.origin);
  }

  function cancelPendingSync() {
    if (pendingSync !== undefined) clearTimeout(pendingSync);
    pendingSync = undefined;
  }

  return {
    announceLogin(token) {
      cancelPendingSync();
      post(extensionMessages.authToken(token));
      pendingSync = setTimeout(() => {
        pendingSync = undefined;
        post(extensionMessages.cookieSyncRequest());
      }, cookieSyncDelayMs);
    },
    announceLogout() {
      cancelPendingSync();
      post(extensionMessages.authClear());
    },
  };
}
