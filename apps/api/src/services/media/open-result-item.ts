import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { openResultFile, type OpenedResultFile } from './open-result-file.ts';
import { readResultItem } from './read-result-items.ts';

/**
 * One item of a result file the caller may open (openResultFile), with its raw record; the
 * opened file comes along for what else the caller needs of it (its task, platform, config).
 */
export async function openResultItem(
  database: Database,
  storage: Storage,
  user: SessionUser,
  ref: { fileName: string; username?: string | undefined; itemId: string },
): Promise<{ file: OpenedResultFile; item: VideoItem }> {
  const file = await openResultFile(database, storage, user, ref.fileName, ref.username);
  return { file, item: await readResultItem(database, storage, file, ref.itemId) };
}
