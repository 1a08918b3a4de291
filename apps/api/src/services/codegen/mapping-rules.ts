import type { ActorConfig, DurationFormat } from '@scrapper/contracts/http/actor-configs';
import { readRules, type MappingRules } from '@scrapper/contracts/rules/map-items';

// The actor config read by the mapping engine's own reader (`readRules` in
// rules/map-items.ts), so the generated data parser carries exactly the engine's lists as
// constants instead of the whole config.

export interface ResolvedMappingRules extends MappingRules {
  /**
   * What one unit of each of `durationPaths` is in seconds (`timestamp` reads bare numbers
   * as seconds; a path named in milliseconds is 0.001 whatever the format).
   */
  durationUnitsSeconds: number[];
}

/** The engine's own reading of the config, plus what the generated parser multiplies by. */
export function resolveMappingRules(config: ActorConfig): ResolvedMappingRules {
  const rules = readRules(config);
  return { ...rules, durationUnitsSeconds: rules.durationFormats.map(unitInSeconds) };
}

/** Same factors as rules/duration.ts, so the generated multiplication gives the same bits. */
function unitInSeconds(format: DurationFormat): number {
  switch (format) {
    case 'milliseconds':
      return 0.001;
    case 'minutes':
      return 60;
    case 'seconds':
    case 'timestamp':
      return 1;
  }
}


