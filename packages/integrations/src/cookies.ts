// Cookies are stored as admins paste them: a Netscape cookies.txt export, or a Cookie header
// line (`a=1; b=2`). yt-dlp reads only the Netscape format, so header lines are converted.

// The line test and the platforms' domains are the contracts' (rules/cookie-text, rules/platforms).
import { parseNetscapeLine } from '@scrapper/contracts/rules/cookie-text';

/** Text with the cookies.txt header or at least one Netscape cookie line. */
export function isNetscapeCookies(text: string): boolean {
  return text
    .split(/\r?\n/)
    .some((line) => line.startsWith('# Netscape HTTP Cookie File') || parseNetscapeLine(line.trim()) !== null);
}

/**
 * The cookie file yt-dlp reads, from Netscape text: yt-dlp refuses one without its header line
 * (pasted text often lacks it) and wants whole lines. The one writer of that file's text.
 */
export function netscapeCookieFile(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  const firstLine = normalized.trimStart().split('\n', 1)[0] ?? '';
  const hasHeader = /^#( Netscape)? HTTP Cookie File/.test(firstLine);
  const body = normalized.endsWith('\n') ? normalized : `${normalized}\n`;
  return hasHeader ? body : `# Netscape HTTP Cookie File\n${body}`;
}

/** Netscape cookies.txt text for yt-dlp, from either stored form. */
export function toNetscapeCookies(text: string, domain: string, now = Date.now()): string {
  if (isNetscapeCookies(text)) return netscapeCookieFile(text);
  // A year from now: header lines carry no expiry of their own.
  const expires = Math.floor(now / 1000) + 365 * 24 * 3600;
  const lines = text
    .replace(/^cookie:\s*/i, '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim().replace(/[\t\r\n]/g, '');
      const value = pair.slice(eq + 1).trim().replace(/[\t\r\n]/g, '');
      return `${domain}\tTRUE\t/\tTRUE\t${expires}\t${name}\t${value}`;
    })
    .filter((line) => !line.includes('\t\t'));
  return `# Netscape HTTP Cookie File\n${lines.join('\n')}\n`;
}
