import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';

// A JSON result file as the source of the upload (spec part 2, section 2): only .json files
// are offered, only items with an id and a real title are kept, and picking one fills the
// title, description and tags.

/** The placeholder title scrapers give items that had none. */
export const UNTITLED_ITEM = 'Tanpa Judul';

export function isJsonResultFile(fileName: string): boolean {
  return /\.json$/i.test(fileName.trim());
}

export function isUsableItem(item: Pick<VideoItem, 'id' | 'title'>): boolean {
  const title = item.title.trim();
  return item.id.trim() !== '' && title !== '' && title !== UNTITLED_ITEM;
}

export function usableItems<T extends Pick<VideoItem, 'id' | 'title'>>(items: readonly T[]): T[] {
  return items.filter(isUsableItem);
}

export interface ItemMetadata {
  title: string;
  description: string;
  /** Comma separated, as the form holds them. */
  tags: string;
}

const HASHTAG = /#([\p{L}\p{N}_]+)/gu;
const DESCRIPTION_KEYS = ['description', 'desc', 'text', 'caption'] as const;

function rawRecord(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
}

function rawDescription(raw: unknown): string | null {
  const record = rawRecord(raw);
  for (const key of DESCRIPTION_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** Hashtag names from the raw item (TikTok: [{ name }], others: strings). */
function rawHashtags(raw: unknown): string[] {
  const value = rawRecord(raw).hashtags;
  if (!Array.isArray(value)) return [];
  return value
    .map((tag: unknown) => {
      if (typeof tag === 'string') return tag;
      const name = rawRecord(tag).name;
      return typeof name === 'string' ? name : '';
    })
    .map((tag) => tag.replace(/^#/, '').trim())
    .filter(Boolean);
}

function hashtagsIn(text: string): string[] {
  return [...text.matchAll(HASHTAG)].map((match) => match[1] ?? '').filter(Boolean);
}

/** Cut to `max` characters at a word boundary when there is one. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trim();
}

/**
 * What a scraped item puts in the form. Scraped titles are often whole captions full of
 * hashtags: the hashtags become tags, the title keeps the words (within YouTube's 100
 * characters, without < or >, which YouTube refuses), and the description keeps the full text.
 */
export function metadataFromItem(item: Pick<VideoItem, 'title' | 'raw'>): ItemMetadata {
  const fullText = item.title.trim();
  const description = rawDescription(item.raw) ?? fullText;
  const words = fullText.replace(HASHTAG, ' ').replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();
  const title = cutAtWord(
    words || fullText.replace(/[<>]/g, ' ').trim(),
    UPLOAD_LIMITS.titleMaxLength,
  );
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of [
    ...rawHashtags(item.raw),
    ...hashtagsIn(fullText),
    ...hashtagsIn(description),
  ]) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return { title, description, tags: tags.join(', ') };
}

/** The item as the upload's source: the server fetches the video itself. */
export interface ScraperSource {
  scraperVideoUrl: string;
  scraperVideoId: string;
}

export function sourceFromItem(item: Pick<VideoItem, 'id' | 'url'>): ScraperSource {
  return { scraperVideoUrl: item.url, scraperVideoId: item.id };
}
