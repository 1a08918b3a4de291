import { meCookieEndpoints } from '@scrapper/contracts/http/me-cookies';
import type { CookiePlatform } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';

/** Forgets the caller's own cookies of one platform (downloads use the admins' cookies again). */
export async function deleteMyCookies(platform: CookiePlatform): Promise<boolean> {
  return (await call(meCookieEndpoints.remove, { params: { platform } })).deleted;
}
