// A member's own platform cookies, synced by the companion browser extension (issue 17): the
// one converter from a browser cookie to a Netscape cookies.txt line (the extension writes
// with it) and the one reader of what arrives (the API checks every line with it). No zod,
// no I/O: the extension bundles this file.
import type { CookiePlatform } from '../http/cookies.ts';

/**
 * The cookie domains of each platform: the extension reads cookies of these domains (and their
 * subdomains) and nothing else, and the API refuses a line of any other domain. YouTube's login
 * lives on google.com, so its cookies come along with youtube.com's.
 */
export const PLATFORM_COOKIE_DOMAINS = {
  tiktok: ['tiktok.com'],
  douyin: ['douyin.com'],
  youtube: ['youtube.com', 'google.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com'],
} as const satisfies Record<CookiePlatform, readonly string[]>;

/** Each platform as members read its name (the extension's popup, the worker's messages). */
export const COOKIE_PLATFORM_LABELS: Record<CookiePlatform, string> = {
  tiktok: 'TikTok',
  douyin: 'Douyin',
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

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
  const host = domain
    .replace(/^#HttpOnly_/, '')
    .replace(/^\./, '')
    .toLowerCase();
  return PLATFORM_COOKIE_DOMAINS[platform].some((d) => host === d || host.endsWith(`.${d}`));
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

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

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
    const fields = line.split('\t');
    if (fields.length !== 7)
      return {
        ok: false,
        message: `${where} bukan baris cookie Netscape (tujuh kolom dipisah tab).`,
      };
    const [domain = '', subdomains = '', path = '', secure = '', expires = '', name = ''] = fields;
    if (
      !/^(TRUE|FALSE)$/.test(subdomains) ||
      !path.startsWith('/') ||
      !/^(TRUE|FALSE)$/.test(secure) ||
      !/^\d{1,12}$/.test(expires) ||
      !COOKIE_NAME.test(name)
    ) {
      return {
        ok: false,
        message: `${where} bukan baris cookie Netscape (tujuh kolom dipisah tab).`,
      };
    }
    if (!isPlatformCookieDomain(platform, domain)) {
      return {
        ok: false,
        message: `${where}: domain ${domain.replace(/^#HttpOnly_/, '').slice(0, 100)} bukan milik ${platform}.`,
      };
    }
    count++;
    if (count > MEMBER_COOKIES_MAX_LINES)
      return { ok: false, message: `Maksimal ${MEMBER_COOKIES_MAX_LINES} cookie per platform.` };
    const seconds = Number(expires);
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
    const line = raw.trim().replace(/^#HttpOnly_/, '');
    if (line === '' || line.startsWith('#')) continue;
    const expires = line.split('\t')[4];
    if (expires === undefined || !/^\d{1,12}$/.test(expires)) continue;
    const seconds = Number(expires);
    if (seconds > 0 && (earliest === null || seconds < earliest)) earliest = seconds;
  }
  return earliest === null ? null : new Date(earliest * 1000);
}
