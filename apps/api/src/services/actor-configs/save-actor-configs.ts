import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { listActorConfigs, replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { lockForTransaction } from '@scrapper/db/locks';

/** The editor sends the whole list; it replaces the stored one in one transaction. */
export async function saveActorConfigs(database: Database, configs: ActorConfig[]): Promise<ActorConfig[]> {
  return database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, 'actor-configs');
    await replaceActorConfigs(db, configs);
    return listActorConfigs(db);
  });
}
