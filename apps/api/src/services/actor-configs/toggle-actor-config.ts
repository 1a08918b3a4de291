import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { findActorConfig, updateActorConfig } from '@scrapper/db/queries/actor-configs';
import { notFound } from '../../lib/errors.ts';

export async function toggleActorConfig(database: Database, platformId: string, isActive: boolean): Promise<ActorConfig> {
  return database.transaction(async ({ db }) => {
    const config = await findActorConfig(db, platformId);
    if (!config) throw notFound('Konfigurasi aktor tidak ditemukan.');
    const updated = { ...config, isActive };
    await updateActorConfig(db, updated);
    return updated;
  });
}
