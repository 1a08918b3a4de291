import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import {
  EMPTY_KEYWORD,
  EMPTY_TARGET,
  EMPTY_TARGET_SHORT,
  INVALID_ANY,
  INVALID_PLATFORM,
  invalidKeywordMessage,
  invalidUrlMessage,
  isKeywordTarget,
  isTargetUrl,
  startsLikeUrl,
  urlRequiredMessage,
  type ScrapeKind,
} from '@scrapper/contracts/rules/scrape-targets';
import { isOnDomains, outsideDomainsMessage } from '@scrapper/contracts/rules/target-domains';

// Spec part 1, section 5 (scrape target). The server checks the same things again with the
// same rules (contracts' scrape-targets); these answer first and decide url or keyword per target.

export interface ScrapeTarget {
  value: string;
  kind: ScrapeKind;
}

export type TargetCheck = { ok: true; targets: ScrapeTarget[] } | { ok: false; message: string };

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
      if (!startsLikeUrl(value)) return urlRequiredMessage(name);
      if (!isTargetUrl(value)) return invalidUrlMessage(name);
      return asUrlTarget(value);
    case 'keyword':
      if (!isKeywordTarget(value)) return invalidKeywordMessage(name);
      return { value, kind: 'keyword' };
    case 'string':
      // Free text: a URL goes as a URL, anything else as a keyword.
      return isTargetUrl(value) ? asUrlTarget(value) : { value, kind: 'keyword' };
    case 'any':
      if (isTargetUrl(value)) return asUrlTarget(value);
      if (!isKeywordTarget(value)) return INVALID_ANY;
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
