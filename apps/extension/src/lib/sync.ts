// The cookie sync: for each platform the member switched on, the browser's cookies of that
// platform's domains, as cookies.txt, to PUT /api/me/cookies/{platform} on the connected
// Scrapper with the stored token (scope `cookies`). A 401 (revoked, expired) makes the extension
// forget the token.
import type { CookiePlatform } from '@scrapper/contracts/http/cookies';
import { toNetscapeFile, type BrowserCookie } from '@scrapper/contracts/rules/member-cookies';
import { PLATFORM_COOKIE_DOMAINS } from '@scrapper/contracts/rules/platforms';
import { PLATFORMS, PLATFORM_LABELS, readState, type StorageArea } from './state.ts';

export const SESSION_ENDED =
  'Token ekstensi dicabut atau kedaluwarsa: buka Scrapper di browser ini dan masuk lagi.';
export const NOT_CONNECTED = 'Belum terhubung: masuk ke Scrapper di tab browser ini dulu.';

export interface CookieReader {
  getAll(details: { domain: string }): Promise<BrowserCookie[]>;
}

export type HttpFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export interface SyncDeps {
  cookies: CookieReader;
  store: StorageArea;
  fetch: HttpFetch;
  now?: () => Date;
}

export interface SyncOutcome {
  /** Platforms whose cookies the API took. */
  synced: CookiePlatform[];
  /** Platforms that failed, with the reason shown in the popup. */
  failed: Partial<Record<CookiePlatform, string>>;
  /** Why nothing was sent at all (no session, session ended), else null. */
  stopped: string | null;
}

/** The platform's cookies over all its domains, each cookie once. */
export async function platformCookies(
  reader: CookieReader,
  platform: CookiePlatform,
): Promise<BrowserCookie[]> {
  const seen = new Map<string, BrowserCookie>();
  for (const domain of PLATFORM_COOKIE_DOMAINS[platform]) {
    for (const cookie of await reader.getAll({ domain }))
      seen.set(`${cookie.domain}\t${cookie.path}\t${cookie.name}`, cookie);
  }
  return [...seen.values()];
}

async function errorMessage(res: { status: number; json(): Promise<unknown> }): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : `Scrapper menjawab ${res.status}.`;
}

export async function syncCookies({
  cookies,
  store,
  fetch,
  now = () => new Date(),
}: SyncDeps): Promise<SyncOutcome> {
  const state = await readState(store);
  const outcome: SyncOutcome = { synced: [], failed: {}, stopped: null };
  if (!state.session) {
    outcome.stopped = NOT_CONNECTED;
    await store.set({ lastError: NOT_CONNECTED });
    return outcome;
  }
  const { token, origin } = state.session;
  const status = { ...state.status };
  for (const platform of PLATFORMS.filter((p) => state.enabled[p] === true)) {
    const list = await platformCookies(cookies, platform);
    if (list.length === 0) {
      outcome.failed[platform] =
        `Tidak ada cookie ${PLATFORM_LABELS[platform]} di browser ini: buka ${PLATFORM_LABELS[platform]} dan masuk dulu.`;
      status[platform] = { ...status[platform], lastError: outcome.failed[platform] };
      continue;
    }
    let res: { status: number; json(): Promise<unknown> };
    try {
      res = await fetch(`${origin}/api/me/cookies/${platform}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cookies: toNetscapeFile(platform, list) }),
      });
    } catch {
      outcome.failed[platform] = `Scrapper di ${origin} tidak dapat dihubungi.`;
      status[platform] = { ...status[platform], lastError: outcome.failed[platform] };
      continue;
    }
    if (res.status === 401) {
      // The token was revoked or expired: forget it, and say so until the member logs in again.
      outcome.stopped = SESSION_ENDED;
      await store.remove('session');
      await store.set({ status, lastError: SESSION_ENDED });
      return outcome;
    }
    if (res.status >= 200 && res.status < 300) {
      outcome.synced.push(platform);
      status[platform] = { lastSyncedAt: now().toISOString() };
    } else {
      outcome.failed[platform] = await errorMessage(res);
      status[platform] = { ...status[platform], lastError: outcome.failed[platform] };
    }
  }
  await store.set({ status, lastError: null });
  return outcome;
}
