/**
 * What the cookie form accepts (issue 20): a cookies.txt in the Netscape format (comment lines
 * allowed, every other line seven tab-separated fields) or `name=value` pairs separated by `;`
 * (a Cookie header). Anything else ("ini bukan cookie") is refused before it is stored, so
 * yt-dlp never gets text it cannot read. The masked form the server shows of a stored cookie
 * (`… [tersimpan:<12 hex>]`) is accepted too: the editor sends it back to keep that cookie.
 */

export type CookieTextKind = 'netscape' | 'pairs' | 'stored';

/** The server's mask of a stored cookie ends with this. */
export const STORED_COOKIE_MARK = /\[tersimpan:([0-9a-f]{12})\]$/;

/** A cookie name as RFC 6265 allows it (a token): no spaces, separators or control characters. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** One cookie line of a cookies.txt, its fields read. */
export interface NetscapeCookieLine {
  /** Without the `#HttpOnly_` mark. */
  domain: string;
  includeSubdomains: boolean;
  path: string;
  secure: boolean;
  /** Seconds since the epoch; 0 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  name: string;
  value: string;
}

/**
 * The one test of a Netscape cookie line (the admins' cookie form, the members' synced cookies,
 * the expiry warnings and the file yt-dlp reads all use it): seven tab-separated fields, a
 * domain, TRUE/FALSE flags, a path from `/`, whole seconds (yt-dlp skips a line whose expiry is
 * not digits) and a token name. Null for anything else, comments included.
 */
export function parseNetscapeLine(line: string): NetscapeCookieLine | null {
  const httpOnly = line.startsWith('#HttpOnly_');
  const fields = line.replace(/^#HttpOnly_/, '').split('\t');
  if (fields.length !== 7) return null;
  const [domain = '', subdomains = '', path = '', secure = '', expires = '', name = '', value = ''] = fields;
  const valid =
    domain !== '' &&
    !domain.startsWith('#') &&
    /^(TRUE|FALSE)$/i.test(subdomains) &&
    path.startsWith('/') &&
    /^(TRUE|FALSE)$/i.test(secure) &&
    /^\d{1,12}$/.test(expires) &&
    COOKIE_NAME.test(name);
  if (!valid) return null;
  return {
    domain,
    includeSubdomains: subdomains.toUpperCase() === 'TRUE',
    path,
    secure: secure.toUpperCase() === 'TRUE',
    expires: Number(expires),
    httpOnly,
    name,
    value,
  };
}

function isNetscape(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const cookies = lines.filter((line) => line.startsWith('#HttpOnly_') || !line.startsWith('#'));
  return cookies.length > 0 && cookies.every((line) => parseNetscapeLine(line) !== null);
}

function isPairs(text: string): boolean {
  const pairs = text
    .replace(/^cookie:\s*/i, '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return (
    pairs.length > 0 &&
    pairs.every((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) return false;
      // A value may hold '=' (base64) but no line break: one header line per entry.
      return COOKIE_NAME.test(pair.slice(0, at).trim()) && !/[\r\n]/.test(pair.slice(at + 1));
    })
  );
}

/** The kind of cookie text, or null when it is not cookies at all. */
export function cookieTextKind(text: string): CookieTextKind | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (STORED_COOKIE_MARK.test(trimmed)) return 'stored';
  if (isNetscape(trimmed)) return 'netscape';
  if (isPairs(trimmed)) return 'pairs';
  return null;
}

export const NOT_COOKIE_TEXT =
  'bukan cookie. Tempel isi cookies.txt (format Netscape: tujuh kolom dipisah tab per baris) ' +
  'atau pasangan nama=nilai seperti "sessionid=abc123; csrftoken=xyz".';
