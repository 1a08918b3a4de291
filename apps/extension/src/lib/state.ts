// What the extension keeps in chrome.storage.local: the session (token and the origin it came
// from), the member's per-platform switches and each platform's last sync. Nothing else, and
// the token nowhere else.
import type { CookiePlatform } from '@scrapper/contracts/http/cookies';

export {
  COOKIE_PLATFORMS as PLATFORMS,
  COOKIE_PLATFORM_LABELS as PLATFORM_LABELS,
} from '@scrapper/contracts/rules/platforms';

export interface Session {
  /** The member's extension token (scope `cookies`: only their own cookie routes). */
  token: string;
  /** Whose token it is, as the web app said when handing it over (shown in the popup). */
  username: string;
  /** The Scrapper origin the token came from; the token is sent there and nowhere else. */
  origin: string;
}

export interface PlatformStatus {
  lastSyncedAt?: string;
  lastError?: string;
}

export interface ExtensionState {
  session: Session | null;
  /** All off until the member turns a platform on. */
  enabled: Partial<Record<CookiePlatform, boolean>>;
  status: Partial<Record<CookiePlatform, PlatformStatus>>;
  /** The last error of a whole sync (no session, session ended), shown in the popup. */
  lastError: string | null;
}

/** chrome.storage.local, as the modules use it. */
export interface StorageArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

const KEYS = ['session', 'enabled', 'status', 'lastError'];

function isSession(value: unknown): value is Session {
  const v = value as Session | undefined;
  return typeof v?.token === 'string' && typeof v.username === 'string' && typeof v.origin === 'string';
}

export async function readState(store: StorageArea): Promise<ExtensionState> {
  const raw = await store.get(KEYS);
  return {
    session: isSession(raw.session) ? raw.session : null,
    enabled: (raw.enabled as ExtensionState['enabled'] | undefined) ?? {},
    status: (raw.status as ExtensionState['status'] | undefined) ?? {},
    lastError: typeof raw.lastError === 'string' ? raw.lastError : null,
  };
}
