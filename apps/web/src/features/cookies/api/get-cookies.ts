import { endpoints } from '@scrapper/contracts/http';
import type { CookieSets } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';

export function getCookies(signal?: AbortSignal): Promise<CookieSets> {
  return call(endpoints.cookies.get, { signal });
}
