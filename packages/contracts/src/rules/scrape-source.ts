// The checks a scrape source passes before a task is queued (spec part 1 section 5): the
// dashboard's "Mulai" (POST /api/scrape/start) and every automation run (issue 19) use these,
// so an automation's source is refused with the dashboard's words.

import {
  EMPTY_TARGET_SHORT,
  INVALID_PLATFORM,
  invalidKeywordMessage,
  invalidUrlMessage,
  isTargetUrl,
  targetKey,
  urlRequiredMessage,
  type ScrapeKind,
} from './scrape-targets.ts';
import { isOnDomains, outsideDomainsMessage } from './target-domains.ts';

/** What the check needs of the platform's actor config. */
export interface SourceActor {
  platformId: string;
  actorId: string;
  displayName: string;
  isActive: boolean;
  inputType: string;
  inputKey: string;
  inputKeys: Partial<Record<ScrapeKind, string | undefined>>;
  domains: readonly string[];
}

export interface SourceRequest {
  actorId: string;
  input: Record<string, unknown>;
  platformInfo: { platformId: string; scrapeType: ScrapeKind };
}

function firstText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0].trim();
  return '';
}

/** Every target text under the key (a list, `startUrls` request objects, or one string). */
function allTargets(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : []));
}

/**
 * The first target (for history lists) when the source fits the platform's active actor, else
 * the Indonesian reason it does not. `config` undefined: the platform is gone.
 */
export function checkScrapeSource<C extends SourceActor>(
  config: C | undefined,
  body: SourceRequest,
): { target: string; config: C } | { error: string } {
  if (!config || !config.isActive || config.actorId !== body.actorId) return { error: INVALID_PLATFORM };
  const key = targetKey(config, body.platformInfo.scrapeType);
  const target = firstText(body.input[key]);
  if (!target) return { error: EMPTY_TARGET_SHORT };
  if (body.platformInfo.scrapeType === 'url' && !isTargetUrl(target)) return { error: invalidUrlMessage(config.displayName) };
  if (config.inputType === 'url' && body.platformInfo.scrapeType !== 'url') return { error: urlRequiredMessage(config.displayName) };
  if (config.inputType === 'keyword' && body.platformInfo.scrapeType !== 'keyword') return { error: invalidKeywordMessage(config.displayName) };
  if (body.platformInfo.scrapeType === 'url') {
    // Before anything is paid for: a youtube.com link on the TikTok form would run TikTok's actor for nothing.
    const outside = allTargets(body.input[key]).find((value) => !isOnDomains(value, config.domains));
    if (outside !== undefined) return { error: outsideDomainsMessage(config.displayName, outside, config.domains) };
  }
  return { target, config };
}
