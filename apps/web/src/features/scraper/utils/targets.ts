import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { isOnDomains, outsideDomainsMessage } from '@scrapper/contracts/rules/target-domains';

// Spec part 1, section 5 (scrape target). The server checks the same things again; these
// rules answer first, with the spec's wording, and decide url or keyword per target.

export type ScrapeKind = 'url' | 'keyword';

export interface ScrapeTarget {
  value: string;
  kind: ScrapeKind;
}

export type TargetCheck = { ok: true; targets: ScrapeTarget[] } | { ok: false; message: string };

/** The server's own test (apps/api start-scrape): a scheme or www., then a dotted host. */
const URL_PATTERN = /^(https?:\/\/|www\.)\S+\.\S+/i;
/** Text that starts like a URL; if it does not then pass URL_PATTERN it is a broken URL. */
const URL_START = /^(https?:|www\.)/i;
/** A keyword needs at least one letter or digit (in any script). */
const HAS_WORD = /[\p{L}\p{N}]/u;

export const INVALID_PLATFORM = 'Platform scraper tidak valid.';
export const EMPTY_TARGET =
  'Target tidak boleh kosong. Masukkan URL atau pilih platform terlebih dahulu.';
export const EMPTY_TARGET_SHORT = 'Target tidak boleh kosong.';
export const EMPTY_KEYWORD = 'Keyword tidak boleh kosong.';
export const INVALID_ANY = 'Input tidak valid. Masukkan URL atau keyword.';

/** Multi-line input: one target per line, trimmed, empty lines dropped, each once. */
export function splitTargets(text: string): string[] {
  return dedupe(text.split(/\r?\n/).map((line) => line.trim()));
}

/** The added URLs first, then the lines of the target field, each target once. */
export function mergeTargets(urls: string[], lines: string[]): string[] {
  return dedupe([...urls, ...lines].map((value) => value.trim()));
}

/** URLs not in the list yet, appended in order (spec: added URLs are not duplicated). */
export function addUrls(list: string[], urls: string[]): string[] {
  return dedupe([...list, ...urls.map((url) => url.trim())]);
}

function dedupe(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}

function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** `www.` targets get `https://`, as the actors expect absolute URLs. */
function asUrlTarget(value: string): ScrapeTarget {
  return { value: /^www\./i.test(value) ? `https://${value}` : value, kind: 'url' };
}

/** A URL target on the platform's sites, or the refusal naming it (the server's rule). */
function onPlatform(platform: PlatformConfig, target: ScrapeTarget): ScrapeTarget | string {
  if (target.kind !== 'url' || isOnDomains(target.value, platform.domains)) return target;
  return outsideDomainsMessage(platform.displayName, target.value, platform.domains);
}

function checkOne(platform: PlatformConfig, value: string): ScrapeTarget | string {
  const result = checkShape(platform, value);
  return typeof result === 'string' ? result : onPlatform(platform, result);
}

function checkShape(platform: PlatformConfig, value: string): ScrapeTarget | string {
  const name = platform.displayName;
  switch (platform.inputType) {
    case 'url':
      if (!URL_START.test(value)) return `Input untuk ${name} harus berupa URL.`;
      if (!isUrl(value)) return `Input untuk ${name} harus berupa URL yang valid.`;
      return asUrlTarget(value);
    case 'keyword':
      if (URL_START.test(value) || !HAS_WORD.test(value)) {
        return `Input untuk ${name} harus berupa keyword yang valid.`;
      }
      return { value, kind: 'keyword' };
    case 'string':
      // Free text: a URL goes as a URL, anything else as a keyword.
      return isUrl(value) ? asUrlTarget(value) : { value, kind: 'keyword' };
    case 'any':
      if (isUrl(value)) return asUrlTarget(value);
      if (URL_START.test(value) || !HAS_WORD.test(value)) return INVALID_ANY;
      return { value, kind: 'keyword' };
  }
}

function emptyMessage(platform: PlatformConfig): string {
  switch (platform.inputType) {
    case 'keyword':
      return EMPTY_KEYWORD;
    case 'string':
      return EMPTY_TARGET_SHORT;
    case 'url':
    case 'any':
      return EMPTY_TARGET;
  }
}

/**
 * Checks every target against the platform's input type. The first problem wins and
 * nothing is started, so a typo on line 3 does not leave lines 1-2 half sent.
 */
export function checkTargets(platform: PlatformConfig | undefined, values: string[]): TargetCheck {
  if (!platform) return { ok: false, message: INVALID_PLATFORM };
  if (values.length === 0) return { ok: false, message: emptyMessage(platform) };
  const targets: ScrapeTarget[] = [];
  for (const value of values) {
    const result = checkOne(platform, value);
    if (typeof result === 'string') return { ok: false, message: result };
    if (!targets.some((t) => t.value === result.value)) targets.push(result);
  }
  return { ok: true, targets };
}
