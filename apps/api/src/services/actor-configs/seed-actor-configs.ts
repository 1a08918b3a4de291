import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs as seeds } from '@scrapper/contracts/rules/seed-actor-configs';
import { seedUpgrades } from '@scrapper/contracts/rules/seed-actor-configs-superseded';
import type { Database } from '@scrapper/db/client';
import { seedActorConfigsIfEmpty, upgradeSeededActorConfigs } from '@scrapper/db/queries/actor-configs';

/**
 * First start: sensible actor configs for the five platforms (see docs/decisions.md). Every
 * start: a stored config that is still exactly a seed of an earlier release becomes the
 * current seed (actors' outputs change; an admin's edits are never overwritten). Returns
 * whether it seeded.
 */
export async function seedActorConfigs(database: Database): Promise<boolean> {
  const seeded = await seedActorConfigsIfEmpty(database.db, seeds.map((s) => ActorConfigSchema.parse(s)));
  const upgraded = await upgradeSeededActorConfigs(database.db, seedUpgrades());
  if (upgraded.length > 0) console.log(`[api] updated the untouched seed actor configs of: ${upgraded.join(', ')}`);
  return seeded;
}
