import type { PlatformConfig, StartScrapeBody } from '@scrapper/contracts/http/scrape';
import { targetKey } from '@scrapper/contracts/rules/scrape-targets';
import type { OptionInput } from '@/lib/scrape-options.ts';
import type { ScrapeTarget } from '@/lib/scrape-targets.ts';

/** One start call's body: the options plus the target under its key (spec section 7). */
export function buildStartBody(
  platform: PlatformConfig,
  target: ScrapeTarget,
  options: OptionInput,
): StartScrapeBody {
  return {
    actorId: platform.actorId,
    input: { ...options, [targetKey(platform, target.kind)]: target.value },
    platformInfo: {
      platformId: platform.platformId,
      displayName: platform.displayName,
      scrapeType: target.kind,
    },
  };
}
