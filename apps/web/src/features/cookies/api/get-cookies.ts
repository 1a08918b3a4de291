import { cookieEndpoints } from '@scrapper/contracts/http/cookies';
import type { CookieSets } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';

export function getCookies(signal?: AbortSignal): Promise<CookieSets> {
  return call(cookieEndpoints.get, { signal });
}
