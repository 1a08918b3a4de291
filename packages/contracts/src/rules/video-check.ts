// `is_video_check` names a field whose value says whether a raw item is a video: a flag
// (Facebook `isVideo`), a media type (Instagram `type`: Video / Image / Sidecar) or a field
// only videos have (Instagram `videoUrl`). Items that are not videos are dropped, because
// everything downstream (preview, download, upload) needs a video.

/**
 * Media-type words that mean "not a single video", compared lowercased and trimmed, plus
 * the spellings of false. Instagram's `Sidecar` (a carousel) counts as not a video: the post
 * itself cannot be downloaded as one clip.
 */
export const NOT_VIDEO_WORDS: ReadonlySet<string> = new Set([
  'image',
  'images',
  'photo',
  'photos',
  'picture',
  'sidecar',
  'carousel',
  'carousel_album',
  'album',
  'slideshow',
  'graphimage',
  'graphsidecar',
  'text',
  'status',
  'link',
  'false',
  'no',
  'none',
  'null',
  'undefined',
  '0',
]);

/**
 * Whether the value found at the `is_video_check` path marks a video.
 *
 * - Missing (undefined, null), false, 0, NaN and '' are not videos.
 * - Strings: the words in NOT_VIDEO_WORDS and image MIME types (`image/jpeg`) are not videos;
 *   any other non-empty string is ("Video", "GraphVideo", "clips", "reel", "shorts", a video
 *   URL). Unknown labels count as video so a new label from an actor never silently empties
 *   a result; a new non-video label is caught by adding it here.
 * - Arrays and objects are videos when non-empty (a `videoVersions` list, a `video` object).
 */
export function isVideoValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string') return isVideoLabel(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return false;
}

function isVideoLabel(value: string): boolean {
  const label = value.trim().toLowerCase();
  if (label === '' || NOT_VIDEO_WORDS.has(label)) return false;
  return !label.startsWith('image/');
}
