import { toHttpUrl } from './http-url.ts';
import { getByPath } from './item-path.ts';

// Two URLs per scraped item: the page (the video item's `url`, what yt-dlp opens first) and,
// when the actor gave one, a direct media URL that the downloader fetches only when yt-dlp
// cannot open the page (a login wall, a bot check). Page first, because direct media URLs
// are short-lived: Instagram's `videoUrl` is signed and expires within hours, Douyin's
// `play_addr` within a day; the page URL never does. Facebook's reels actor gives no
// playable URL at all, so its items have no direct one and yt-dlp takes the reel page.

/**
 * Where the actors put a direct media URL, tried in order; the first absolute http(s) URL
 * wins.
 * - `videoUrl`: Instagram (apify/instagram-scraper, instagram-reel-scraper; signed, expires)
 *   and many community actors.
 * - `video.play_addr.url_list.0`, `play_addr.url_list.0`, `play_addr`: Douyin's own names,
 *   nested as in Douyin's web data or flattened, as the community Douyin actors give them.
 * - `mediaUrls.0`: TikTok (clockworks/tiktok-scraper) with video downloads switched on: a
 *   copy in the run's key-value store that does not expire with a TikTok session.
 * - The rest: names other actors use.
 * TikTok's `videoMeta.downloadAddr` is left out on purpose: TikTok serves it only with the
 * session cookie of the page that listed it, so fetching it alone always fails.
 */
export const DIRECT_MEDIA_URL_PATHS: readonly string[] = [
  'videoUrl',
  'video.play_addr.url_list.0',
  'play_addr.url_list.0',
  'play_addr',
  'mediaUrls.0',
  'downloadUrl',
  'playUrl',
  'video_url',
  'mediaUrl',
  'videoUrlNoWaterMark',
];

/** The direct media URL of a raw item (the item's `raw`), or null when it carries none. */
export function directMediaUrlOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  for (const path of DIRECT_MEDIA_URL_PATHS) {
    const url = toHttpUrl(getByPath(raw, path));
    if (url !== null) return url;
  }
  return null;
}
