import type { CookiePlatform, CookieSets } from '@scrapper/contracts/http/cookies';

/** Spec part 1, section 9: a cookie is shown by its first 50 characters. */
export const COOKIE_PREVIEW_LENGTH = 50;

/** 'Cookie N: ' + the first 50 characters + '...' (spec section 2, cookie tab). */
export function cookieEntryLabel(index: number, cookie: string): string {
  return `Cookie ${index + 1}: ${cookie.slice(0, COOKIE_PREVIEW_LENGTH)}...`;
}

/** Adds a cookie only when its trimmed text is not empty; null when there is nothing to add. */
export function addCookie(
  sets: CookieSets,
  platform: CookiePlatform,
  text: string,
): CookieSets | null {
  const cookie = text.trim();
  if (!cookie) return null;
  return { ...sets, [platform]: [...sets[platform], cookie] };
}

export function removeCookie(
  sets: CookieSets,
  platform: CookiePlatform,
  index: number,
): CookieSets {
  return { ...sets, [platform]: sets[platform].filter((_, i) => i !== index) };
}
