// Video and thumbnail URLs end up as links and <img> sources in the web app and as yt-dlp
// arguments in the worker, so only absolute http(s) URLs are let through; anything else
// (javascript:, data:, relative paths, "N/A") counts as no URL.

const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

/**
 * An absolute http(s) URL from a raw value, or null. Leading and trailing spaces are
 * trimmed; scheme-relative (`//host/...`) and bare `www.` URLs get `https:`, since actors
 * sometimes emit them for links that are https on the site.
 */
export function toHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const absolute = text.startsWith('//')
    ? `https:${text}`
    : /^www\./i.test(text)
      ? `https://${text}`
      : text;
  return HTTP_URL.test(absolute) ? absolute : null;
}
