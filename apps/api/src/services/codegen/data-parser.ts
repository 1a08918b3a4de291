import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { DIMENSION_PATHS } from '@scrapper/contracts/rules/map-items';
import { codeFileName } from './code-keys.ts';
import { fileHeader, joinSections, jsLiteral, stringLiteral } from './js-source.ts';
import { resolveMappingRules, type ResolvedMappingRules } from './mapping-rules.ts';
import { NOT_VIDEO_WORDS } from '@scrapper/contracts/rules/video-check';
import { VIDEO_HOSTS, VIDEO_PATH } from '@scrapper/contracts/rules/video-link';

// The generated `{platformId}_dataParser.js`: the mapping engine (rules/map-items.ts and the
// rule files it uses) written out as one dependency-free module for a single config. The
// config is resolved here into constants; the helpers below are the engine's, in plain
// JavaScript, and only those the config needs are included. data-parser.test.ts loads the
// output and checks it gives exactly what `mapItems` gives.

export function dataParserCode(config: ActorConfig): string {
  const rules = resolveMappingRules(config);
  const hasVideoCheck = rules.isVideoPath !== '';
  const hasTemplate = rules.urlTemplate !== '';
  const hasVideoUrls = rules.videoUrlPaths.length > 0;
  return joinSections([
    fileHeader(config, 'dataParser', [
      "Turns the actor's raw dataset items into video items (id, platform, url, duration in",
      'seconds, title, author, play_count, like_count, thumbnail, raw), the same way',
      "Scrapper's mapping engine does for this config. No dependencies; never throws.",
      '',
      `  import { parseItems } from './${codeFileName(config.platformId, 'dataParser')}';`,
      '  const videos = parseItems(rawItems);',
    ]),
    constantsSection(rules),
    PUBLIC_API,
    mapRawItemSection(rules),
    FIELD_HELPERS,
    PATH_HELPERS,
    TEXT_AND_URL_HELPERS,
    COUNT_HELPERS,
    DURATION_HELPERS,
    STABLE_ID_HELPERS,
    hasVideoCheck ? VIDEO_CHECK_HELPERS : '',
    hasVideoUrls ? videoLinkHelpers() : '',
    hasTemplate ? URL_TEMPLATE_HELPERS : '',
    rules.dimensionFields ? DIMENSION_HELPERS : '',
  ]);
}

function constantsSection(rules: ResolvedMappingRules): string {
  const lines = [
    '// ---- Mapping rules from the actor config --------------------------------------------',
    '// Each *_PATHS list is tried in order and the first usable value wins: a value that is',
    '// present but unusable (empty text, wrong type, unreadable number, non-http URL) is',
    '// skipped like a missing one. Paths are dotted; numeric segments index arrays.',
    '',
    `const PLATFORM = ${stringLiteral(rules.platform)};`,
    '// mapping.id, then platformSpecific.idMapping',
    `const ID_PATHS = ${jsLiteral(rules.idPaths)};`,
    '// mapping.url, then platformSpecific.urlMapping, then mapping.webpage_url',
    `const URL_PATHS = ${jsLiteral(rules.urlPaths)};`,
    ...(rules.videoUrlPaths.length > 0
      ? [
          '// platformSpecific.videoUrlMapping: read after URL_PATHS, only a link that opens one video',
          `const VIDEO_URL_PATHS = ${jsLiteral(rules.videoUrlPaths)};`,
        ]
      : []),
    '// mapping.title, then platformSpecific.titleMapping',
    `const TITLE_PATHS = ${jsLiteral(rules.titlePaths)};`,
    `const AUTHOR_PATHS = ${jsLiteral(rules.authorPaths)};`,
    '// mapping.duration, then platformSpecific.durationMapping',
    `const DURATION_PATHS = ${jsLiteral(rules.durationPaths)};`,
    `// duration_format ${stringLiteral(rules.durationFormat)}: what one unit of a bare number is in seconds,`,
    '// per path (a field named in milliseconds, e.g. `…_in_ms`, is read in milliseconds).',
    `const DURATION_UNITS_SECONDS = ${jsLiteral(rules.durationUnitsSeconds)};`,
    '// mapping.play_count, then platformSpecific.playCountMapping',
    `const PLAY_COUNT_PATHS = ${jsLiteral(rules.playCountPaths)};`,
    `const LIKE_COUNT_PATHS = ${jsLiteral(rules.likeCountPaths)};`,
    `const THUMBNAIL_PATHS = ${jsLiteral(rules.thumbnailPaths)};`,
  ];
  if (rules.isVideoPath !== '') {
    lines.push('// mapping.is_video_check: items whose value there does not mark a video are dropped.');
    lines.push(`const IS_VIDEO_PATH = ${stringLiteral(rules.isVideoPath)};`);
  }
  if (rules.urlTemplate !== '') {
    lines.push('// platformSpecific.urlGeneration: builds the URL when the item has none.');
    lines.push(`const URL_TEMPLATE = ${stringLiteral(rules.urlTemplate)};`);
    lines.push(`const TEMPLATE_AUTHOR_PATH = ${stringLiteral(rules.templateAuthorPath)};`);
    lines.push(`const TEMPLATE_ID_PATH = ${stringLiteral(rules.templateIdPath)};`);
  }
  lines.push(
    rules.skipIfNoUrl
      ? '// platformSpecific.skipIfNoUrl: items without a URL are dropped.'
      : "// platformSpecific.skipIfNoUrl is off: items without a URL are kept with url ''.",
  );
  lines.push(`const SKIP_IF_NO_URL = ${jsLiteral(rules.skipIfNoUrl)};`);
  if (rules.dimensionFields) {
    lines.push('// platformSpecific.dimensionFields: width and height from the first pair found.');
    lines.push(`const DIMENSION_PATHS = ${jsLiteral(DIMENSION_PATHS)};`);
  }
  return lines.join('\n');
}

const PUBLIC_API = String.raw`// ---- Public API ---------------------------------------------------------------------

/**
 * Video items for a whole dataset, in order, without the dropped items. Items with an id
 * already seen are left out (the first one stays): actors return the same video twice
 * when it matches two queries or pages.
 */
export function parseItems(rawItems) {
  if (!Array.isArray(rawItems)) return [];
  const seen = new Set();
  const items = [];
  for (const raw of rawItems) {
    const item = parseItem(raw);
    if (item === null || seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return items;
}

/** The video item for one raw item, or null when the item is dropped. */
export function parseItem(raw) {
  try {
    return mapRawItem(raw);
  } catch {
    return null;
  }
}`;

function mapRawItemSection(rules: ResolvedMappingRules): string {
  const urlSource = [
    'firstUsable(raw, URL_PATHS, toHttpUrl)',
    ...(rules.videoUrlPaths.length > 0 ? ['firstUsable(raw, VIDEO_URL_PATHS, toVideoPageUrl)'] : []),
    ...(rules.urlTemplate !== '' ? ['generateUrl(raw, mappedId, author)'] : []),
    "''",
  ].join(' ?? ');
  return [
    '// ---- Mapping ------------------------------------------------------------------------',
    '',
    'function mapRawItem(raw) {',
    '  if (!isPlainObject(raw)) return null;',
    ...(rules.isVideoPath !== '' ? ['  if (!isVideoValue(getByPath(raw, IS_VIDEO_PATH))) return null;'] : []),
    '',
    '  const mappedId = firstText(raw, ID_PATHS);',
    "  // An actor's error item (`error` set, no id) is never a video.",
    "  if (mappedId === '' && typeof raw.error === 'string' && raw.error !== '') return null;",
    '  const author = firstText(raw, AUTHOR_PATHS);',
    `  const url = ${urlSource};`,
    "  if (url === '' && SKIP_IF_NO_URL) return null;",
    '  // Without an id or a URL nothing can refer to the item again.',
    "  const id = mappedId !== '' ? mappedId : url !== '' ? stableIdFromUrl(url) : '';",
    "  if (id === '') return null;",
    '',
    '  return {',
    '    id,',
    '    platform: PLATFORM,',
    '    url,',
    '    duration: firstDuration(raw),',
    '    title: firstText(raw, TITLE_PATHS),',
    '    author,',
    '    play_count: firstUsable(raw, PLAY_COUNT_PATHS, parseCount),',
    '    like_count: firstUsable(raw, LIKE_COUNT_PATHS, parseCount),',
    "    thumbnail: firstUsable(raw, THUMBNAIL_PATHS, toThumbnailUrl) ?? '',",
    ...(rules.dimensionFields ? ['    ...findDimensions(raw),'] : []),
    '    raw,',
    '  };',
    '}',
  ].join('\n');
}

const FIELD_HELPERS = String.raw`function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first path whose value converts to non-null. */
function firstUsable(raw, paths, convert) {
  for (const path of paths) {
    const converted = convert(getByPath(raw, path));
    if (converted !== null) return converted;
  }
  return null;
}

function firstText(raw, paths) {
  return firstUsable(raw, paths, (value) => toText(value) || null) ?? '';
}

/** A thumbnail path may point at a list of image URLs; the first URL is used. */
function toThumbnailUrl(value) {
  if (!Array.isArray(value)) return toHttpUrl(value);
  for (const entry of value) {
    const url = toHttpUrl(entry);
    if (url !== null) return url;
  }
  return null;
}`;

const PATH_HELPERS = String.raw`// ---- Paths --------------------------------------------------------------------------
// Own properties only; segments that reach a prototype read nothing, so neither a path
// nor an item can touch Object.prototype. A key spelled like the whole dotted path
// (flattened exports) is used when the walk finds nothing.

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

function getByPath(item, path) {
  if (typeof path !== 'string') return undefined;
  const trimmed = path.trim();
  if (trimmed === '') return undefined;
  try {
    const found = walkPath(item, splitPath(trimmed));
    if (found !== undefined) return found;
    return readFlattenedKey(item, trimmed);
  } catch {
    // A throwing getter counts as a missing field.
    return undefined;
  }
}

function splitPath(path) {
  const dotted = path.replace(/\[(\d+)\]/g, '.$1');
  return (dotted.startsWith('.') ? dotted.slice(1) : dotted).split('.');
}

function walkPath(item, segments) {
  let current = item;
  for (const segment of segments) {
    current = stepInto(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

function stepInto(container, segment) {
  if (segment === '' || FORBIDDEN_SEGMENTS.has(segment)) return undefined;
  if (Array.isArray(container)) {
    return ARRAY_INDEX.test(segment) ? container[Number(segment)] : undefined;
  }
  if (typeof container !== 'object' || container === null || !Object.hasOwn(container, segment)) return undefined;
  return container[segment];
}

function readFlattenedKey(item, path) {
  if (!path.includes('.') || typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  if (path.split('.').some((segment) => FORBIDDEN_SEGMENTS.has(segment))) return undefined;
  return Object.hasOwn(item, path) ? item[path] : undefined;
}`;

const TEXT_AND_URL_HELPERS = String.raw`// ---- Text and URLs ------------------------------------------------------------------

/** Trimmed text from a string or number (whole numbers written in full); '' otherwise. */
function toText(value) {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

/** An absolute http(s) URL or null; '//host' and 'www.' get https:. */
function toHttpUrl(value) {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const absolute = text.startsWith('//') ? 'https:' + text : /^www\./i.test(text) ? 'https://' + text : text;
  return HTTP_URL.test(absolute) ? absolute : null;
}`;

const COUNT_HELPERS = String.raw`// ---- Counts -------------------------------------------------------------------------
// Numbers, '1,234', '1.2K', '3M', '2.5B'; negative (hidden) or other text is null.

const SUFFIX_MULTIPLIERS = { k: 1e3, m: 1e6, b: 1e9 };
const THOUSANDS_WITH_COMMAS = /^\d{1,3}(?:,\d{3})+$/;
const NUMBER_WITH_SUFFIX = /^(\d+(?:\.\d+)?)([kmb])?$/i;

function parseCount(value) {
  if (typeof value === 'number') return countFromNumber(value);
  if (typeof value === 'bigint') return value >= 0n ? countFromNumber(Number(value)) : null;
  if (typeof value !== 'string') return null;
  const compact = value.replace(/[\s_]/g, '');
  if (THOUSANDS_WITH_COMMAS.test(compact)) return countFromNumber(Number(compact.replaceAll(',', '')));
  const match = NUMBER_WITH_SUFFIX.exec(compact);
  if (!match) return null;
  const digits = match[1] ?? '';
  const suffix = match[2] ?? '';
  return countFromNumber(Number(digits) * (SUFFIX_MULTIPLIERS[suffix.toLowerCase()] ?? 1));
}

function countFromNumber(value) {
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value);
}`;

const DURATION_HELPERS = String.raw`// ---- Durations (seconds) ------------------------------------------------------------
// Bare numbers are read in their path's unit (DURATION_UNITS_SECONDS); clock times ('1:02',
// '00:01:02') and ISO 8601 ('PT1M2S') whatever the format. Negative or unreadable: null.

const NUMERIC = /^\d+(?:\.\d+)?$/;
const CLOCK = /^\d+(?::\d+){1,2}(?:\.\d+)?$/;
const ISO_8601 = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/** The first duration path whose value reads as seconds. */
function firstDuration(raw) {
  for (let i = 0; i < DURATION_PATHS.length; i++) {
    const seconds = toSeconds(getByPath(raw, DURATION_PATHS[i]), DURATION_UNITS_SECONDS[i]);
    if (seconds !== null) return seconds;
  }
  return null;
}

function toSeconds(value, unitSeconds) {
  if (typeof value === 'number') return secondsFromNumber(value, unitSeconds);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (NUMERIC.test(text)) return secondsFromNumber(Number(text), unitSeconds);
  if (CLOCK.test(text)) return secondsFromClock(text);
  if (ISO_8601.test(text)) return secondsFromIso8601(text);
  return null;
}

function secondsFromNumber(value, unitSeconds) {
  if (!Number.isFinite(value) || value < 0) return null;
  return roundToMillisecond(value * unitSeconds);
}

function secondsFromClock(text) {
  const parts = text.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return null;
  const total = parts.reduce((sum, part) => sum * 60 + part, 0);
  return Number.isFinite(total) ? roundToMillisecond(total) : null;
}

function secondsFromIso8601(text) {
  const match = ISO_8601.exec(text);
  if (!match || text.toUpperCase() === 'P' || text.toUpperCase().endsWith('T')) return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const total = (days ?? 0) * 86400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
  return Number.isFinite(total) ? roundToMillisecond(total) : null;
}

function roundToMillisecond(seconds) {
  return Math.round(seconds * 1000) / 1000;
}`;

const STABLE_ID_HELPERS = String.raw`// ---- Ids derived from URLs ----------------------------------------------------------
// 'url-' + the 64-bit FNV-1a hash of the URL's UTF-16 code units: the same URL always
// gets the same id (the same ids Scrapper itself derives).

const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

function stableIdFromUrl(url) {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < url.length; index += 1) {
    hash ^= BigInt(url.charCodeAt(index));
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return 'url-' + hash.toString(16).padStart(16, '0');
}`;

// The engine's own word list, written into the generated file.
const NOT_VIDEO_WORDS_LITERAL = JSON.stringify([...NOT_VIDEO_WORDS]);

/** rules/video-link.ts: the same patterns, written out from the engine's own. */
function videoLinkHelpers(): string {
  return [
    '// ---- Video page links ---------------------------------------------------------------',
    '',
    `const VIDEO_PATH = ${VIDEO_PATH.toString()};`,
    `const VIDEO_HOSTS = ${VIDEO_HOSTS.toString()};`,
    '',
    '/** An http(s) link that opens one video (a reel, a /videos/ page), else null. */',
    'function toVideoPageUrl(value) {',
    '  const url = toHttpUrl(value);',
    '  if (url === null) return null;',
    '  if (VIDEO_HOSTS.test(url)) return url;',
    "  return VIDEO_PATH.test(url.replace(/^https?:\\/\\/[^/?#]+/i, '')) ? url : null;",
    '}',
  ].join('\n');
}

const VIDEO_CHECK_HELPERS = String.raw`// ---- is_video_check -----------------------------------------------------------------
// Missing, false, 0 and '' are not videos; neither are image / carousel / text labels,
// spellings of false, and image/* MIME types. Any other label, and non-empty arrays and
// objects, are videos, so a new label never silently empties a result.

const NOT_VIDEO_WORDS = new Set(${NOT_VIDEO_WORDS_LITERAL});

function isVideoValue(value) {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string') {
    const label = value.trim().toLowerCase();
    if (label === '' || NOT_VIDEO_WORDS.has(label)) return false;
    return !label.startsWith('image/');
  }
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return false;
}`;

const URL_TEMPLATE_HELPERS = String.raw`// ---- URL template -------------------------------------------------------------------
// {author}: the value at TEMPLATE_AUTHOR_PATH, else the mapped author, one leading @
// dropped; {id}: the value at TEMPLATE_ID_PATH, else the mapped id; any other {path} is
// read from the item. Values are URL-encoded. A placeholder without a value, or a result
// that is not an http(s) URL, gives no URL.

const PLACEHOLDER = /\{([^{}]*)\}/g;

function generateUrl(raw, mappedId, author) {
  return fillUrlTemplate(URL_TEMPLATE, (name) => {
    if (name === 'author') return withoutAt(fieldOr(raw, TEMPLATE_AUTHOR_PATH, author));
    if (name === 'id') return fieldOr(raw, TEMPLATE_ID_PATH, mappedId);
    return getByPath(raw, name);
  });
}

function fillUrlTemplate(template, valueFor) {
  if (template.trim() === '') return null;
  let complete = true;
  const filled = template.trim().replace(PLACEHOLDER, (_placeholder, rawName) => {
    const text = toText(valueFor(rawName.trim()));
    if (text === '') {
      complete = false;
      return '';
    }
    return encodeURIComponent(text);
  });
  return complete ? toHttpUrl(filled) : null;
}

function fieldOr(raw, path, fallback) {
  const value = path === '' ? '' : toText(getByPath(raw, path));
  return value !== '' ? value : fallback;
}

function withoutAt(author) {
  return author.startsWith('@') ? author.slice(1) : author;
}`;

const DIMENSION_HELPERS = String.raw`// ---- Width and height ---------------------------------------------------------------

function findDimensions(raw) {
  for (const [widthPath, heightPath] of DIMENSION_PATHS) {
    const width = parseCount(getByPath(raw, widthPath));
    const height = parseCount(getByPath(raw, heightPath));
    if (width !== null && height !== null && width > 0 && height > 0) return { width, height };
  }
  return {};
}`;
