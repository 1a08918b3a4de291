import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { findActorConfig, insertActorConfig } from '@scrapper/db/queries/actor-configs';
import { notFound } from '../../lib/errors.ts';

/** A copy under `<id>_copy`, `<id>_copy2`, ...; inactive until the admin turns it on. */
export async function cloneActorConfig(database: Database, platformId: string): Promise<ActorConfig> {
  return database.transaction(async ({ db }) => {
    const source = await findActorConfig(db, platformId);
    if (!source) throw notFound('Konfigurasi aktor tidak ditemukan.');
    for (let n = 1; n < 100; n++) {
      const candidate = `${platformId.slice(0, 24)}_copy${n === 1 ? '' : n}`;
      const copy: ActorConfig = {
        ...structuredClone(source),
        platformId: candidate,
        displayName: `${source.displayName} (Salinan)`.slice(0, 100),
        isActive: false,
      };
      if (await insertActorConfig(db, copy)) return copy;
    }
    throw notFound('Tidak dapat membuat ID salinan yang unik.');
  });
}
