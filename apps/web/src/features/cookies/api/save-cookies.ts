import { cookieEndpoints } from '@scrapper/contracts/http/cookies';
import type { CookieSets } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';

/** Replaces every platform's cookies; answers with what was stored. */
export function saveCookies(sets: CookieSets): Promise<CookieSets> {
  return call(cookieEndpoints.save, { body: sets });
}
