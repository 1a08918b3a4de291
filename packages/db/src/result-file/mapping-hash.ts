import { createHash } from 'node:crypto';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { readRules } from '@scrapper/contracts/rules/map-items';

/** Bump when the index rows themselves change meaning: every file is indexed again on open. */
const INDEX_VERSION = 1;

/**
 * A stable hash of what the mapping of a config depends on: the rules the mapping engine
 * reads from it (paths, formats, URL template, skip rules), nothing else. A display name or
 * preview setting changed by the admin leaves result files alone; a changed path makes their
 * index be rebuilt from the raw items.
 */
export function resultMappingHash(config: ActorConfig): string {
  let rules: unknown;
  try {
    rules = readRules(config);
  } catch {
    rules = 'invalid';
  }
  return `v${INDEX_VERSION}:${createHash('sha256').update(JSON.stringify(rules)).digest('base64url')}`;
}
