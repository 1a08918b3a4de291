import { meCookieEndpoints } from '@scrapper/contracts/http/me-cookies';
import type { MemberCookies } from '@scrapper/contracts/http/me-cookies';
import { call } from '@/lib/api-client.ts';

/** The caller's own synced cookies per platform (masked: names, counts and times). */
export async function listMyCookies(signal?: AbortSignal): Promise<MemberCookies[]> {
  return (await call(meCookieEndpoints.list, { signal })).platforms;
}
