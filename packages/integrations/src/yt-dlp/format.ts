// What yt-dlp is asked for: the format of each quality, and the arguments that keep every
// request of a run on the guard proxy and try the platforms' own extractors first.
import { YtDlpError } from './errors.ts';

/** The qualities members pick (contracts' QualitySchema). */
export type YtDlpQuality = 'best' | '1080p' | '720p' | 'audio-only';

/** How yt-dlp picks and packs the formats; build it with formatForQuality. */
export interface YtDlpFormat {
  /** `-f` */
  selector: string;
  /** `-S`, when the choice is a preference rather than a filter. */
  sort: string | undefined;
  /** `--merge-output-format` when video and audio come apart and ffmpeg joins them. */
  mergeOutputFormat: 'mp4' | undefined;
  /** `-x --audio-format`: keep the audio only, whatever was downloaded. */
  extractAudio: 'm4a' | undefined;
}

/**
 * `1080p` and `720p` sort by `res` (the smaller side of the picture, so a vertical 1080x1920
 * short counts as 1080p), preferring the largest at or under the cap and falling back on the
 * smallest above it: a filter such as `[height<=1080]` would push vertical videos down to 608x1080.
 * Video is merged into MP4 with ffmpeg when a site serves video and audio apart.
 */
export function formatForQuality(quality: YtDlpQuality): YtDlpFormat {
  switch (quality) {
    case 'best':
      return {
        selector: 'bv*+ba/b',
        sort: undefined,
        mergeOutputFormat: 'mp4',
        extractAudio: undefined,
      };
    case '1080p':
      return {
        selector: 'bv*+ba/b',
        sort: 'res:1080',
        mergeOutputFormat: 'mp4',
        extractAudio: undefined,
      };
    case '720p':
      return {
        selector: 'bv*+ba/b',
        sort: 'res:720',
        mergeOutputFormat: 'mp4',
        extractAudio: undefined,
      };
    case 'audio-only':
      // An audio-only format when there is one (m4a needs no re-encoding), else the muxed file;
      // -x then drops any video so the result never carries a video stream.
      return {
        selector: 'ba[ext=m4a]/ba/b',
        sort: undefined,
        mergeOutputFormat: undefined,
        extractAudio: 'm4a',
      };
  }
}

// Protocols whose every byte goes through the proxy: yt-dlp's own HTTP (direct files, native HLS
// and DASH fragments, f4m, ism) and ffmpeg's HLS (it honours http_proxy). RTMP, RTSP, MMS and
// websockets would connect straight to their host, so such formats are never picked.
const PROXIED_PROTOCOLS = '^(https?|m3u8(_native)?|http_dash_segments(_generator)?|f4m|ism)$';

/**
 * True when every `(` of a selector is closed in order (quoted filter values aside): a `)` too
 * many would close our group early and leave an alternative outside the protocol filter
 * (`best)/(worst` -> `(best)/(worst)[protocol...]`, where `best` may be RTMP straight to its host).
 */
function hasBalancedGroups(selector: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (const char of selector) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0 && quote === undefined;
}

/**
 * A format selector limited to proxied protocols: the filter on the group applies to every
 * format the inner selector may choose, merges included. The selector (an admin's preview
 * format) must not be able to close the group: unbalanced ones are refused.
 */
export function proxiedOnly(selector: string): string {
  if (!hasBalancedGroups(selector)) {
    throw new YtDlpError('permanent', `Format yt-dlp tidak valid (tanda kurung tidak seimbang): ${selector}`);
  }
  return `(${selector})[protocol~='${PROXIED_PROTOCOLS}']`;
}

// yt-dlp tries its ~1,800 extractors in a fixed order until one claims the URL, compiling each
// one's URL pattern on the way: for a TikTok page or a direct file (the generic extractor comes
// last) that is half of the CPU a short download costs. The platforms we know go first.
const PLATFORM_EXTRACTORS: ReadonlyArray<readonly [host: RegExp, extractors: string]> = [
  [/(^|\.)tiktok\.com$/, 'tiktok.*,vm\\.tiktok'],
  [/(^|\.)(iesdouyin|douyin)\.com$/, 'douyin'],
  [/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/, 'youtube.*'],
  [/(^|\.)instagram\.com$/, 'instagram.*'],
  [/(^|\.)(facebook\.com|fb\.watch|fb\.com)$/, 'facebook.*'],
];
const MEDIA_FILE_PATH = /\.(mp4|m4v|m4a|mov|webm|mkv|mp3|aac|ogg|opus|flac|wav|m3u8|mpd)$/i;

/**
 * `--use-extractors` that only reorders (`default` adds every other extractor after the named
 * ones, so nothing is ever left out): a known platform's own extractors first, and the generic
 * one first for a direct media file on any other host. Other URLs keep yt-dlp's order.
 */
export function extractorOrderArgs(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const host = parsed.hostname.toLowerCase();
  const platform = PLATFORM_EXTRACTORS.find(([pattern]) => pattern.test(host));
  if (platform) return ['--use-extractors', `${platform[1]},default`];
  if (MEDIA_FILE_PATH.test(parsed.pathname)) return ['--use-extractors', 'generic,default'];
  return [];
}

/** yt-dlp options that send every request of a run through the guard proxy. */
export function proxyArgs(proxyUrl: string | undefined): string[] {
  return proxyUrl === undefined ? [] : ['--proxy', proxyUrl];
}
