import { endpoints } from '@scrapper/contracts/http';
import type { CookieSets } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';

/** Replaces every platform's cookies; answers with what was stored. */
export function saveCookies(sets: CookieSets): Promise<CookieSets> {
  return call(endpoints.cookies.save, { body: sets });
}
