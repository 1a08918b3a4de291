import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { PlatformConfig } from '@scrapper/contracts/http/scrape';

export function toPlatformConfig(config: ActorConfig): PlatformConfig {
  return {
    platformId: config.platformId,
    displayName: config.displayName,
    actorId: config.actorId,
    targetLabel: config.targetLabel,
    inputType: config.inputType,
    inputKey: config.inputKey,
    inputKeys: config.inputKeys,
    options: config.options,
    domains: config.domains,
  };
}
