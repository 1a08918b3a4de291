import type { SessionUser } from '@scrapper/contracts/http/auth';
import { create } from 'zustand';
import { createExtensionBridge } from '@/lib/extension-bridge.ts';
import type { ExtensionBridge, MintExtensionToken } from '@/lib/extension-bridge.ts';
import { decodeTokenClaims, isTokenExpired } from '@/lib/jwt.ts';

/** Spec part 1, section 9: the token lives in localStorage under this key. */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * checking: a stored token looked valid and the server is being asked who it belongs to
 * ('Memuat...' is shown); authenticated / anonymous: settled.
 */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

/** Why the last session ended without the user asking, so the login page can say so. */
export type SessionEndReason = 'expired' | 'unauthorized';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  endReason: SessionEndReason | null;
  /** Reads the stored token: valid -> checking, anything else -> cleared and anonymous. */
  restore: () => void;
  /** The server confirmed the restored token (with the user as it is now). */
  confirm: (user: SessionUser) => void;
  login: (token: string, user: SessionUser) => void;
  logout: (reason?: SessionEndReason) => void;
}

export interface SessionDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  extension: ExtensionBridge;
  now: () => number;
}

// setTimeout stores its delay in 32 bits; a longer wait fires at once.
const MAX_TIMER_MS = 2_147_483_647;

export function createSessionStore(deps: SessionDeps) {
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  return create<SessionState>()((set, get) => {
    // Ends the session when the token expires while the app stays open, instead of waiting
    // for the next call to fail with 401.
    function scheduleExpiry(exp: number) {
      clearTimeout(expiryTimer);
      const delay = exp * 1000 - deps.now();
      if (delay > MAX_TIMER_MS) return;
      expiryTimer = setTimeout(() => get().logout('expired'), Math.max(delay, 0));
    }

    function clear(reason: SessionEndReason | null) {
      clearTimeout(expiryTimer);
      expiryTimer = undefined;
      deps.storage.removeItem(TOKEN_STORAGE_KEY);
      set({ status: 'anonymous', token: null, user: null, endReason: reason });
    }

    return {
      status: 'checking',
      token: null,
      user: null,
      endReason: null,

      restore() {
        const token = deps.storage.getItem(TOKEN_STORAGE_KEY);
        if (!token) {
          clearTimeout(expiryTimer);
          set({ status: 'anonymous', token: null, user: null });
          return;
        }
        const claims = decodeTokenClaims(token);
        if (!claims || isTokenExpired(claims, deps.now())) {
          clear(claims ? 'expired' : null);
          deps.extension.announceLogout();
          return;
        }
        set({
          status: 'checking',
          token,
          user: { id: claims.sub, username: claims.username, role: claims.role },
          endReason: null,
        });
        scheduleExpiry(claims.exp);
      },

      confirm(user) {
        if (get().token === null) return;
        const restored = get().status === 'checking';
        set({ status: 'authenticated', user });
        if (restored) deps.extension.announceSession();
      },

      login(token, user) {
        deps.storage.setItem(TOKEN_STORAGE_KEY, token);
        set({ status: 'authenticated', token, user, endReason: null });
        const claims = decodeTokenClaims(token);
        if (claims) scheduleExpiry(claims.exp);
        deps.extension.announceLogin();
      },

      logout(reason) {
        const hadSession = get().token !== null;
        clear(reason ?? null);
        if (hadSession) deps.extension.announceLogout();
      },
    };
  });
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * How the extension's token is made: set by main.tsx (the API client imports this store, so the
 * store cannot import it). Until then no token is made and the extension stays unconnected.
 */
let mintExtensionToken: MintExtensionToken = () => Promise.reject(new Error('extension token minter not set'));

export function setExtensionTokenMinter(mint: MintExtensionToken): void {
  mintExtensionToken = mint;
}

/** The app's one session. */
export const useSessionStore: SessionStore = createSessionStore({
  storage: window.localStorage,
  extension: createExtensionBridge(window, () => mintExtensionToken()),
  now: () => Date.now(),
});
