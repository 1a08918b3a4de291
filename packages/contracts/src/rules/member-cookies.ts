// A member's own platform cookies, synced by the companion browser extension (issue 17): the
// one converter from a browser cookie to a Netscape cookies.txt line (the extension writes
// with it) and the one reader of what arrives (the API checks every line with it). No zod,
// no I/O: the extension bundles this file.
import { parseNetscapeLine } from './cookie-text.ts';
import { isUnderDomain, PLATFORM_COOKIE_DOMAINS, type CookiePlatform } from './platforms.ts';

/** The largest cookie upload the API takes (bytes of the cookie text); more is a 413. */
export const MEMBER_COOKIES_MAX_BYTES = 256 * 1024;
/** At most this many cookie lines per platform. */
export const MEMBER_COOKIES_MAX_LINES = 2000;

/** A cookie as `chrome.cookies.getAll` describes it (the fields the file needs). */
export interface BrowserCookie {
  domain: string;
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Seconds since the epoch; absent for a session cookie. */
  expirationDate?: number;
  name: string;
  value: string;
}

/** Whether a cookie domain (`.tiktok.com`, `www.youtube.com`) is one of the platform's. */
export function isPlatformCookieDomain(platform: CookiePlatform, domain: string): boolean {
  return isUnderDomain(domain.replace(/^#HttpOnly_/, ''), PLATFORM_COOKIE_DOMAINS[platform]);
}

const UNSAFE = /[\t\r\n]/;

/** One cookies.txt line (the fields yt-dlp reads), or null for a cookie no line can carry. */
export function toNetscapeLine(cookie: BrowserCookie): string | null {
  if (
    !cookie.name ||
    UNSAFE.test(cookie.name) ||
    UNSAFE.test(cookie.value) ||
    UNSAFE.test(cookie.domain) ||
    UNSAFE.test(cookie.path)
  )
    return null;
  // A host-only cookie is written without the leading dot and with subdomains off; a domain
  // cookie with the dot and subdomains on, as browsers export them.
  const bare = cookie.domain.replace(/^\./, '');
  const domain = cookie.hostOnly ? bare : `.${bare}`;
  const expires = cookie.expirationDate === undefined ? 0 : Math.floor(cookie.expirationDate);
  return [
    `${cookie.httpOnly ? '#HttpOnly_' : ''}${domain}`,
    cookie.hostOnly ? 'FALSE' : 'TRUE',
    cookie.path || '/',
    cookie.secure ? 'TRUE' : 'FALSE',
    String(expires),
    cookie.name,
    cookie.value,
  ].join('\t');
}

/** The cookies.txt text of a platform's browser cookies (other domains left out). */
export function toNetscapeFile(
  platform: CookiePlatform,
  cookies: readonly BrowserCookie[],
): string {
  const lines = cookies
    .filter((c) => isPlatformCookieDomain(platform, c.domain))
    .map(toNetscapeLine)
    .filter((line): line is string => line !== null);
  return `# Netscape HTTP Cookie File\n${lines.join('\n')}\n`;
}

export interface MemberCookieSummary {
  count: number;
  /** The first expiry among cookies that have one (session cookies have none). */
  earliestExpiry: Date | null;
}

export type MemberCookieCheck =
  ({ ok: true } & MemberCookieSummary) | { ok: false; message: string };

/**
 * Checks cookie text the extension sent for one platform: every line that is not a comment
 * is a Netscape cookie line of that platform's domains, and there is at least one. The first
 * bad line is named (by number) in an Indonesian message.
 */
export function checkMemberCookies(platform: CookiePlatform, text: string): MemberCookieCheck {
  const lines = text.split(/\r?\n/);
  let count = 0;
  let earliest: number | null = null;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trimEnd();
    if (line.trim() === '' || (line.startsWith('#') && !line.startsWith('#HttpOnly_'))) continue;
    const where = `Baris ${index + 1}`;
    const cookie = parseNetscapeLine(line);
    if (!cookie)
      return {
        ok: false,
        message: `${where} bukan baris cookie Netscape (tujuh kolom dipisah tab).`,
      };
    const { domain, expires: seconds } = cookie;
    if (!isPlatformCookieDomain(platform, domain)) {
      return {
        ok: false,
        message: `${where}: domain ${domain.slice(0, 100)} bukan milik ${platform}.`,
      };
    }
    count++;
    if (count > MEMBER_COOKIES_MAX_LINES)
      return { ok: false, message: `Maksimal ${MEMBER_COOKIES_MAX_LINES} cookie per platform.` };
    if (seconds > 0 && (earliest === null || seconds < earliest)) earliest = seconds;
  }
  if (count === 0) return { ok: false, message: `Tidak ada cookie ${platform} untuk disimpan.` };
  return { ok: true, count, earliestExpiry: earliest === null ? null : new Date(earliest * 1000) };
}

/**
 * The first expiry among the cookie lines of Netscape text of any domain (the admins' pasted
 * cookies.txt); null when no line carries one (session cookies, or a `name=value` header line).
 */
export function earliestNetscapeExpiry(text: string): Date | null {
  let earliest: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const seconds = parseNetscapeLine(raw.trim())?.expires ?? 0;
    if (seconds > 0 && (earliest === null || seconds < earliest)) earliest = seconds;
  }
  return earliest === null ? null : new Date(earliest * 1000);
}
