import { meCookieEndpoints } from '@scrapper/contracts/http/me-cookies';
import type { MemberCookies } from '@scrapper/contracts/http/me-cookies';
import type { CookiePlatform } from '@scrapper/contracts/http/cookies';
import { call } from '@/lib/api-client.ts';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** Forgets the caller's own cookies of one platform (downloads use the admins' cookies again). */
export async function deleteMyCookies(platform: CookiePlatform): Promise<boolean> {
  return (await call(meCookieEndpoints.remove, { params: { platform } })).deleted;
}

/** The extension zip, already connected to this Scrapper (the server writes its manifest). */
export function fetchExtensionPackage(): Promise<FetchedFile> {
  return fetchFile(meCookieEndpoints.extensionPackage, {});
}

/** The caller's own synced cookies per platform (masked: names, counts and times). */
export async function listMyCookies(signal?: AbortSignal): Promise<MemberCookies[]> {
  return (await call(meCookieEndpoints.list, { signal })).platforms;
}
