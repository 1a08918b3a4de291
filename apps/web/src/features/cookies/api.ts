import { cookieEndpoints } from '@scrapper/contracts/http/cookies';
import type { CookieSets, CookieStatusResponse } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';

export function getCookies(signal?: AbortSignal): Promise<CookieSets> {
  return call(cookieEndpoints.get, { signal });
}

/** The shared cookies' health per platform: entries, last save, first expiry, last failure. */
export function getCookieStatus(signal?: AbortSignal): Promise<CookieStatusResponse> {
  return call(cookieEndpoints.status, { signal });
}

/** Replaces every platform's cookies; answers with what was stored. */
export function saveCookies(sets: CookieSets): Promise<CookieSets> {
  return call(cookieEndpoints.save, { body: sets });
}
