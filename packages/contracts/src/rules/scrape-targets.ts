// Spec part 1, section 5 (scrape target): what counts as a URL target or a keyword, the key
// a target goes under, and the words for a refused one. The dashboard answers first with
// these rules and words; the API decides with the same ones.

export const SCRAPE_KINDS = ['url', 'keyword'] as const;
export type ScrapeKind = (typeof SCRAPE_KINDS)[number];

/** A scheme or www., then a dotted host. */
const URL_PATTERN = /^(https?:\/\/|www\.)\S+\.\S+/i;
/** Text that starts like a URL; if it does not then pass URL_PATTERN it is a broken URL. */
const URL_START = /^(https?:|www\.)/i;
/** A keyword needs at least one letter or digit (in any script). */
const HAS_WORD = /[\p{L}\p{N}]/u;

export const INVALID_PLATFORM = 'Platform scraper tidak valid.';
export const EMPTY_TARGET = 'Target tidak boleh kosong. Masukkan URL atau pilih platform terlebih dahulu.';
export const EMPTY_TARGET_SHORT = 'Target tidak boleh kosong.';
export const EMPTY_KEYWORD = 'Keyword tidak boleh kosong.';
export const INVALID_ANY = 'Input tidak valid. Masukkan URL atau keyword.';

/** A platform that takes only URLs was given something else. */
export function urlRequiredMessage(platformName: string): string {
  return `Input untuk ${platformName} harus berupa URL.`;
}

/** A URL target that is not a readable URL. */
export function invalidUrlMessage(platformName: string): string {
  return `Input untuk ${platformName} harus berupa URL yang valid.`;
}

/** A platform that takes only keywords was given something else. */
export function invalidKeywordMessage(platformName: string): string {
  return `Input untuk ${platformName} harus berupa keyword yang valid.`;
}

/** The target URL test: a scheme or `www.`, then a dotted host. */
export function isTargetUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** Starts like a URL (`http:`, `https:`, `www.`), readable or not. */
export function startsLikeUrl(value: string): boolean {
  return URL_START.test(value);
}

/** A keyword: not the start of a URL, and at least one letter or digit. */
export function isKeywordTarget(value: string): boolean {
  return !startsLikeUrl(value) && HAS_WORD.test(value);
}

/** Where an actor takes its targets: a key per kind, else its one input key. */
export interface TargetKeys {
  inputKey: string;
  inputKeys: Partial<Record<ScrapeKind, string | undefined>>;
}

/** The key the target goes under for this kind of scrape. */
export function targetKey(config: TargetKeys, kind: ScrapeKind): string {
  return config.inputKeys[kind] || config.inputKey;
}
