// Cookies are stored as admins paste them: a Netscape cookies.txt export, or a Cookie header
// line (`a=1; b=2`). yt-dlp reads only the Netscape format, so header lines are converted.

/** The cookie domain of each platform whose cookies we keep. */
export const PLATFORM_COOKIE_DOMAINS: Record<string, string> = {
  tiktok: '.tiktok.com',
  douyin: '.douyin.com',
  youtube: '.youtube.com',
  instagram: '.instagram.com',
  facebook: '.facebook.com',
};

const NETSCAPE_LINE = /^[^\s#][^\t]*\t(TRUE|FALSE)\t[^\t]*\t(TRUE|FALSE)\t\d+\t[^\t]*\t/;

export function isNetscapeCookies(text: string): boolean {
  return text.split(/\r?\n/).some((line) => NETSCAPE_LINE.test(line) || line.startsWith('# Netscape HTTP Cookie File'));
}

/** Netscape cookies.txt text for yt-dlp, from either stored form. */
export function toNetscapeCookies(text: string, domain: string, now = Date.now()): string {
  if (isNetscapeCookies(text)) {
    return text.startsWith('# Netscape HTTP Cookie File') ? text : `# Netscape HTTP Cookie File\n${text}`;
  }
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
