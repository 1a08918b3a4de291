import { toHttpUrl } from './http-url.ts';

// Some actors put one link field on every item whatever it is: Facebook's posts scraper has
// `url` on photo and text posts as well as on reels, and `facebookUrl` is the page the scrape
// started from unless that was a reel. The paths of `platformSpecific.videoUrlMapping` are read
// only when their link is a video's own page, by its shape; a page, profile or photo link is
// no video and counts as no URL there.

/**
 * Paths that open a single video: `/reel/123`, `/videos/123`, `/shorts/x`, `/share/r/x`,
 * `/watch?v=123` (a page's `/reels` or `/videos` tab has no id after it and is no video).
 */
export const VIDEO_PATH = /\/(?:reel|reels|videos?|shorts|share\/[rv])\/[^/?#]+|\/watch\/?\?(?:[^#]*&)?v=[^&#]+/i;

/** Hosts whose every link is one video (Facebook's short links). */
export const VIDEO_HOSTS = /^https?:\/\/(?:www\.)?fb\.watch\//i;

/** An absolute http(s) link to one video's page, or null (pages, profiles, photo posts). */
export function toVideoPageUrl(value: unknown): string | null {
  const url = toHttpUrl(value);
  if (url === null) return null;
  if (VIDEO_HOSTS.test(url)) return url;
  const afterHost = url.replace(/^https?:\/\/[^/?#]+/i, '');
  return VIDEO_PATH.test(afterHost) ? url : null;
}
