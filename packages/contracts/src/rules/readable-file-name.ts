// What members see for a download: its title (never a bare platform id or our uuid) and a file
// name made from it. The title is decided once, when the download row is created (db
// `insertOrJoinDownload` stores `displayTitle` of what the request carried), so the downloader,
// the batch panel, Riwayat, the file manager, Analytics, the upload forms, the saved file and
// the batch zip all read the same words.
import { sourcePlatformName } from './platforms.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Platform ids: TikTok's and Douyin's 19 digits, Instagram's short codes are read as titles.
const BARE_ID = /^\d{6,}$/;

/** A title that says nothing: empty, the item's own id, a long number or a uuid. */
export function isPlaceholderTitle(title: string, sourceItemId?: string): boolean {
  const text = title.trim();
  return text === '' || text === sourceItemId || BARE_ID.test(text) || UUID.test(text);
}

/** Longest address a link download is titled with; longer ones lose their middle. */
export const LINK_TITLE_MAX = 80;

/**
 * A pasted link as a title: host (no `www.`) and path with its query, no scheme or trailing
 * slash, decoded where that is readable, and at most LINK_TITLE_MAX characters, the middle cut
 * out (the start names the site, the end is usually the video's id). Two different links read
 * differently ("Video web" for both was the complaint of issue 31 item 2).
 */
export function linkTitle(link: string): string {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return link.trim();
  }
  const host = url.hostname.replace(/^www\./i, '');
  const path = url.pathname.replace(/\/+$/, '');
  const text = readable(`${host}${path}${url.search}`);
  if (text.length <= LINK_TITLE_MAX) return text;
  const head = Math.ceil((LINK_TITLE_MAX - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (LINK_TITLE_MAX - 1 - head))}`;
}

function readable(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A title that is a pasted link, nothing else (a link download is created so). */
function isLinkTitle(title: string): boolean {
  return /^https?:\/\/\S+$/i.test(title.trim());
}

/**
 * The title to show: the stored one; for a link download its address (`linkTitle`); for an
 * item that had none ("Video TikTok dari @kreator") a sentence from its platform and author.
 */
export function displayTitle(row: { title: string; sourceItemId?: string; platform: string; author: string }): string {
  if (isLinkTitle(row.title)) return linkTitle(row.title);
  if (!isPlaceholderTitle(row.title, row.sourceItemId)) return row.title.trim();
  const platform = sourcePlatformName(row.platform);
  const author = row.author.trim();
  return author ? `Video ${platform} dari ${author}` : `Video ${platform}`;
}

/** `displayTitle` of a scraped video item (the downloader's table, previews, result cards). */
export function itemDisplayTitle(item: { id?: string; title: string; author?: string; platform: string }): string {
  return displayTitle({ title: item.title, platform: item.platform, author: item.author ?? '', ...(item.id ? { sourceItemId: item.id } : {}) });
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"\\/<>:|?*]/;
const UNSAFE_RUNS = new RegExp(`${UNSAFE_CHARACTER.source}+`, 'g');
// Whatever a pass of cleanFileBaseName would change: an unsafe character, whitespace other than
// one plain space, a leading space, dot or dash, a trailing space.
const NEEDS_CLEANING = new RegExp(`${UNSAFE_CHARACTER.source}|(?! )\\s| {2}|^[\\s.-]|\\s$`);

/**
 * A file name from a title: no separators, control, bidi or Windows-reserved characters, no
 * leading dots or dashes (a title like `../x`, `.bashrc` or `-rf` must not become a hidden file
 * or an option in a shell), at most 120 characters before the extension.
 */
export function fileBaseName(title: string): string {
  // Most titles need none of it, and the file manager asks for every row of every page: one test
  // instead of five passes.
  if (title.length <= 120 && !NEEDS_CLEANING.test(title)) return title || 'video';
  return cleanFileBaseName(title);
}

/** fileBaseName's five passes, which every title that needs any of them gets (exported for its test). */
export function cleanFileBaseName(title: string): string {
  return (
    title
      .replace(UNSAFE_RUNS, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.-]+/, '')
      .trim()
      .slice(0, 120)
      .trim() || 'video'
  );
}

/** The extension of a storage key (`downloads/u/x.webm` -> `webm`), `mp4` when it has none we know. */
export function extOfKey(key: string | null | undefined): string {
  if (!key) return 'mp4';
  // Index arithmetic, not split: the file manager asks this for every row of every page.
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1) : '';
  return /^[a-z0-9]{1,5}$/i.test(ext) ? ext.toLowerCase() : 'mp4';
}

export function readableFileName(title: string, ext: string): string {
  return `${fileBaseName(title)}.${ext}`;
}

/**
 * The names made unique, case-insensitively as Windows and macOS compare them: the second
 * "Kucing.mp4" becomes "Kucing (2).mp4".
 */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const base = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
