import type { ActorConfig, DurationFormat, VideoItem } from '../http/actor-configs.ts';
import { durationFormatForPath, parseDurationFormat, toSeconds } from './duration.ts';
import { toHttpUrl } from './http-url.ts';
import { getByPath } from './item-path.ts';
import { parseCount } from './parse-count.ts';
import { stableIdFromUrl } from './stable-id.ts';
import { toText } from './to-text.ts';
import { fillUrlTemplate } from './url-template.ts';
import { isVideoValue } from './video-check.ts';
import { toVideoPageUrl } from './video-link.ts';

// The result mapping engine: turns an actor's raw dataset items into the video items of
// spec part 2 section 3, following the actor config's resultMapping and platformSpecific
// rules. Shared by the worker (after a scrape) and the API (previews, stored results), so
// both read raw items the same way. Pure, no I/O, never throws. The rules are listed in
// README.md beside this file.

/** Paths tried in order for width and height when `dimensionFields` is on; the first pair
 * with both values wins, so width and height always come from the same place. */
export const DIMENSION_PATHS: readonly (readonly [width: string, height: string])[] = [
  ['width', 'height'], // generic, and what yt-dlp-style items use
  ['videoMeta.width', 'videoMeta.height'], // TikTok (clockworks)
  ['video.width', 'video.height'], // Douyin / TikTok web API items
  ['dimensionsWidth', 'dimensionsHeight'], // Instagram (apify/instagram-scraper)
  ['dimensions.width', 'dimensions.height'], // Instagram web API items
];

/** A config read once into the lists the mapping walks through. */
export interface MappingRules {
  platform: string;
  idPaths: string[];
  urlPaths: string[];
  /** Read after `urlPaths`, only for a link that opens one video (rules/video-link.ts). */
  videoUrlPaths: string[];
  titlePaths: string[];
  authorPaths: string[];
  durationPaths: string[];
  /** The config's `duration_format`. */
  durationFormat: DurationFormat;
  /** The unit of each of `durationPaths`: `durationFormat`, or milliseconds for a path named so. */
  durationFormats: DurationFormat[];
  playCountPaths: string[];
  likeCountPaths: string[];
  thumbnailPaths: string[];
  isVideoPath: string;
  urlTemplate: string;
  templateAuthorPath: string;
  templateIdPath: string;
  skipIfNoUrl: boolean;
  dimensionFields: boolean;
}

type RawItem = Record<string, unknown>;

/** Why the mapping left a raw item out (the keys of a task's `counts.skipped`). */
export type SkipReason = 'notVideo' | 'noUrl' | 'duplicate' | 'invalid';

/** One raw item's fate: the video item, or why it was dropped (never `duplicate`: that needs the others). */
export type ItemOutcome = { item: VideoItem; skipped?: undefined } | { item?: undefined; skipped: Exclude<SkipReason, 'duplicate'> };

/** What a whole dataset gave: how many raw items, how many kept, and why the rest were not. */
export interface MappingCounts {
  found: number;
  saved: number;
  /** Only the reasons that occurred. */
  skipped: Partial<Record<SkipReason, number>>;
}

/**
 * The video item for one raw item, or null when the item is dropped: not an object, not a
 * video by `is_video_check`, no URL while `skipIfNoUrl` is on, or neither id nor URL.
 */
export function mapItem(raw: unknown, config: ActorConfig): VideoItem | null {
  try {
    return applyRules(raw, readRules(config)).item ?? null;
  } catch {
    // Only a malformed config (not parsed through ActorConfigSchema) can get here.
    return null;
  }
}

/**
 * `mapItem` for many items of one config: the config is read once, not once per item (a
 * scrape result maps thousands of items with the same rules). Says why an item was dropped;
 * never throws.
 */
export function createItemMapper(config: ActorConfig): (raw: unknown) => ItemOutcome {
  let rules: MappingRules;
  try {
    rules = readRules(config);
  } catch {
    return () => ({ skipped: 'invalid' });
  }
  return (raw) => applyRulesSafely(raw, rules);
}

/**
 * Maps a dataset page by page and keeps the tally: the first item with an id stays, later
 * ones with the same id are duplicates (actors return the same video twice when it matches
 * two hashtags or pages, and ids key downloads and UI lists).
 */
export function createDatasetMapper(config: ActorConfig): {
  map: (raw: unknown) => VideoItem | null;
  counts: () => MappingCounts;
} {
  const mapOne = createItemMapper(config);
  const seen = new Set<string>();
  const counts: MappingCounts = { found: 0, saved: 0, skipped: {} };
  const skip = (reason: SkipReason): null => {
    counts.skipped[reason] = (counts.skipped[reason] ?? 0) + 1;
    return null;
  };
  return {
    map(raw) {
      counts.found += 1;
      const outcome = mapOne(raw);
      if (outcome.skipped !== undefined) return skip(outcome.skipped);
      if (seen.has(outcome.item.id)) return skip('duplicate');
      seen.add(outcome.item.id);
      counts.saved += 1;
      return outcome.item;
    },
    counts: () => ({ found: counts.found, saved: counts.saved, skipped: { ...counts.skipped } }),
  };
}

/** Video items for a whole dataset, in order, without the dropped ones, with the tally. */
export function mapItemsWithCounts(raws: readonly unknown[], config: ActorConfig): { items: VideoItem[]; counts: MappingCounts } {
  const mapper = createDatasetMapper(config);
  const items: VideoItem[] = [];
  if (Array.isArray(raws)) {
    for (const raw of raws) {
      const item = mapper.map(raw);
      if (item !== null) items.push(item);
    }
  }
  return { items, counts: mapper.counts() };
}

/** Video items for a whole dataset, in order, without the dropped ones (duplicates included). */
export function mapItems(raws: readonly unknown[], config: ActorConfig): VideoItem[] {
  return mapItemsWithCounts(raws, config).items;
}

/** Also used by the code generator, which carries the result into generated parsers. */
export function readRules(config: ActorConfig): MappingRules {
  const { mapping, platformSpecific: specific } = config;
  const mapped = (key: string): string => ownText(mapping, key);
  const durationPaths = pathList([mapped('duration'), ...specific.durationMapping]);
  const durationFormat = parseDurationFormat(mapped('duration_format'));
  return {
    platform: config.platformId,
    idPaths: pathList([mapped('id'), ...specific.idMapping]),
    urlPaths: pathList([mapped('url'), ...specific.urlMapping, mapped('webpage_url')]),
    videoUrlPaths: pathList(specific.videoUrlMapping),
    titlePaths: pathList([mapped('title'), ...specific.titleMapping]),
    authorPaths: pathList([mapped('author')]),
    durationPaths,
    durationFormat,
    durationFormats: durationPaths.map((path) => durationFormatForPath(path, durationFormat)),
    playCountPaths: pathList([mapped('play_count'), ...specific.playCountMapping]),
    likeCountPaths: pathList([mapped('like_count')]),
    thumbnailPaths: pathList([mapped('thumbnail')]),
    isVideoPath: mapped('is_video_check'),
    urlTemplate: specific.urlGeneration.template.trim(),
    templateAuthorPath: specific.urlGeneration.authorField.trim(),
    templateIdPath: specific.urlGeneration.idField.trim(),
    skipIfNoUrl: specific.skipIfNoUrl,
    dimensionFields: specific.dimensionFields,
  };
}

function applyRulesSafely(raw: unknown, rules: MappingRules): ItemOutcome {
  try {
    return applyRules(raw, rules);
  } catch {
    return { skipped: 'invalid' };
  }
}

function applyRules(raw: unknown, rules: MappingRules): ItemOutcome {
  if (!isRawItem(raw)) return { skipped: 'invalid' };
  if (rules.isVideoPath !== '' && !isVideoValue(getByPath(raw, rules.isVideoPath))) return { skipped: 'notVideo' };

  const mappedId = firstText(raw, rules.idPaths);
  // An actor's error item (Apify's convention: `error`, often with the `url` it failed on) is
  // never a video, even when its `url` is one the mapping reads.
  if (mappedId === '' && typeof raw.error === 'string' && raw.error !== '') return { skipped: 'invalid' };
  const author = firstText(raw, rules.authorPaths);
  const url =
    firstUrl(raw, rules.urlPaths) ?? firstVideoUrl(raw, rules.videoUrlPaths) ?? generateUrl(raw, rules, mappedId, author) ?? '';
  if (url === '' && rules.skipIfNoUrl) return { skipped: 'noUrl' };
  // Without an id or a URL nothing can refer to the item again, whatever skipIfNoUrl says.
  const id = mappedId !== '' ? mappedId : url !== '' ? stableIdFromUrl(url) : '';
  if (id === '') return { skipped: 'invalid' };

  const duration = firstDuration(raw, rules.durationPaths, rules.durationFormats);
  const title = firstText(raw, rules.titlePaths);
  const playCount = firstCount(raw, rules.playCountPaths);
  const likeCount = firstCount(raw, rules.likeCountPaths);
  const thumbnail = firstThumbnail(raw, rules.thumbnailPaths);
  // Plain literals (no spread): one object shape each, and the keys in this order are the
  // order of the result file.
  const dimensions = rules.dimensionFields ? findDimensions(raw) : undefined;
  if (dimensions !== undefined) {
    const { width, height } = dimensions;
    return { item: { id, platform: rules.platform, url, duration, title, author, play_count: playCount, like_count: likeCount, thumbnail, width, height, raw } };
  }
  return { item: { id, platform: rules.platform, url, duration, title, author, play_count: playCount, like_count: likeCount, thumbnail, raw } };
}

function isRawItem(value: unknown): value is RawItem {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The first path whose value converts is used; present-but-unusable values (wrong type,
// unparseable text, a non-http URL) are skipped like missing ones. One loop per kind of value
// rather than a shared helper taking a converter: these run for every field of every item.

function firstText(raw: RawItem, paths: readonly string[]): string {
  for (const path of paths) {
    const text = toText(getByPath(raw, path));
    if (text !== '') return text;
  }
  return '';
}

function firstUrl(raw: RawItem, paths: readonly string[]): string | null {
  for (const path of paths) {
    const url = toHttpUrl(getByPath(raw, path));
    if (url !== null) return url;
  }
  return null;
}

function firstVideoUrl(raw: RawItem, paths: readonly string[]): string | null {
  for (const path of paths) {
    const url = toVideoPageUrl(getByPath(raw, path));
    if (url !== null) return url;
  }
  return null;
}

function firstDuration(raw: RawItem, paths: readonly string[], formats: readonly DurationFormat[]): number | null {
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i];
    if (path === undefined) continue;
    const seconds = toSeconds(getByPath(raw, path), formats[i]);
    if (seconds !== null) return seconds;
  }
  return null;
}

function firstCount(raw: RawItem, paths: readonly string[]): number | null {
  for (const path of paths) {
    const count = parseCount(getByPath(raw, path));
    if (count !== null) return count;
  }
  return null;
}

/** A thumbnail path may point at a list of image URLs (`covers`); the first URL is used. */
function firstThumbnail(raw: RawItem, paths: readonly string[]): string {
  for (const path of paths) {
    const value = getByPath(raw, path);
    const url = Array.isArray(value) ? firstHttpUrl(value) : toHttpUrl(value);
    if (url !== null) return url;
  }
  return '';
}

function firstHttpUrl(values: readonly unknown[]): string | null {
  for (const value of values) {
    const url = toHttpUrl(value);
    if (url !== null) return url;
  }
  return null;
}

/**
 * The urlGeneration template filled from the item. `{author}` takes the value at
 * `authorField`, else the mapped author; `{id}` the value at `idField`, else the mapped id;
 * any other `{path}` is read from the item. A leading `@` is dropped from the author because
 * templates already spell it (`/@{author}/`).
 */
function generateUrl(raw: RawItem, rules: MappingRules, mappedId: string, author: string): string | null {
  if (rules.urlTemplate === '') return null;
  return fillUrlTemplate(rules.urlTemplate, (name) => {
    if (name === 'author') return withoutAt(fieldOr(raw, rules.templateAuthorPath, author));
    if (name === 'id') return fieldOr(raw, rules.templateIdPath, mappedId);
    return getByPath(raw, name);
  });
}

function fieldOr(raw: RawItem, path: string, fallback: string): string {
  const value = path === '' ? '' : toText(getByPath(raw, path));
  return value !== '' ? value : fallback;
}

function withoutAt(author: string): string {
  return author.startsWith('@') ? author.slice(1) : author;
}

function findDimensions(raw: RawItem): { width: number; height: number } | undefined {
  for (const [widthPath, heightPath] of DIMENSION_PATHS) {
    const width = parseCount(getByPath(raw, widthPath));
    const height = parseCount(getByPath(raw, heightPath));
    if (width !== null && height !== null && width > 0 && height > 0) return { width, height };
  }
  return undefined;
}

function ownText(record: Readonly<Record<string, string>>, key: string): string {
  if (!Object.hasOwn(record, key)) return '';
  const value = record[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** Trimmed, non-empty, each path once, in the order given. */
function pathList(paths: readonly string[]): string[] {
  const list: string[] = [];
  for (const path of paths) {
    const trimmed = typeof path === 'string' ? path.trim() : '';
    if (trimmed !== '' && !list.includes(trimmed)) list.push(trimmed);
  }
  return list;
}
