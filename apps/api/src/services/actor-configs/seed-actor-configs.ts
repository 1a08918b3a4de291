import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs as seeds } from '@scrapper/contracts/rules/seed-actor-configs';
import type { Database } from '@scrapper/db/client';
import { seedActorConfigsIfEmpty } from '@scrapper/db/queries/actor-configs';

/** First start: sensible actor configs for the five platforms (see docs/decisions.md). */
export function seedActorConfigs(database: Database): Promise<boolean> {
  return seedActorConfigsIfEmpty(database.db, seeds.map((s) => ActorConfigSchema.parse(s)));
}
