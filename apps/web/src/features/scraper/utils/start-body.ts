import type { PlatformConfig, StartScrapeBody } from '@scrapper/contracts/http/scrape';
import type { OptionInput } from './scrape-options.ts';
import type { ScrapeTarget } from './targets.ts';

/** The key the target goes under: the platform's key for this kind, else its inputKey. */
export function targetInputKey(platform: PlatformConfig, kind: ScrapeTarget['kind']): string {
  return platform.inputKeys[kind] || platform.inputKey;
}

/** One start call's body: the options plus the target under its key (spec section 7). */
export function buildStartBody(
  platform: PlatformConfig,
  target: ScrapeTarget,
  options: OptionInput,
): StartScrapeBody {
  return {
    actorId: platform.actorId,
    input: { ...options, [targetInputKey(platform, target.kind)]: target.value },
    platformInfo: {
      platformId: platform.platformId,
      displayName: platform.displayName,
      scrapeType: target.kind,
    },
  };
}
