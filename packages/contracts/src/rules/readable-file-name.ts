// What members see for a download: its title (never a bare platform id or our uuid) and a file
// name made from it. Riwayat, the file manager, the saved file and the batch zip all use these.
import { sourcePlatformName } from './platforms.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Platform ids: TikTok's and Douyin's 19 digits, Instagram's short codes are read as titles.
const BARE_ID = /^\d{6,}$/;

/** A title that says nothing: empty, the item's own id, a long number or a uuid. */
export function isPlaceholderTitle(title: string, sourceItemId?: string): boolean {
  const text = title.trim();
  return text === '' || text === sourceItemId || BARE_ID.test(text) || UUID.test(text);
}

/**
 * The title to show: the stored one, or for an item that had none ("Video TikTok dari @kreator")
 * a sentence from its platform and author.
 */
export function displayTitle(row: { title: string; sourceItemId?: string; platform: string; author: string }): string {
  if (!isPlaceholderTitle(row.title, row.sourceItemId)) return row.title.trim();
  const platform = sourcePlatformName(row.platform);
  const author = row.author.trim();
  return author ? `Video ${platform} dari ${author}` : `Video ${platform}`;
}

/**
 * A file name from a title: no separators, control, bidi or Windows-reserved characters, no
 * leading dots or dashes (a title like `../x`, `.bashrc` or `-rf` must not become a hidden file
 * or an option in a shell), at most 120 characters before the extension.
 */
export function fileBaseName(title: string): string {
  return (
    title
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"\\/<>:|?*]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.-]+/, '')
      .trim()
      .slice(0, 120)
      .trim() || 'video'
  );
}

/** The extension of a storage key (`downloads/u/x.webm` -> `webm`), `mp4` when it has none we know. */
export function extOfKey(key: string | null | undefined): string {
  const ext = key?.split('/').pop()?.split('.').slice(1).pop() ?? '';
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
