import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { findScrapeTaskByResultFile, type ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import { ResultFileShapeError } from '@scrapper/db/result-file/scan-items';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { notFound } from '../../lib/errors.ts';
import { ensureResultIndex } from '@scrapper/db/result-file/ensure-index';

export const RESULT_FILE_NOT_FOUND = 'File hasil tidak ditemukan.';

export interface OpenedResultFile {
  task: ScrapeTaskWithOwner & { resultPath: string };
  /** The platform of the file's items (the task's). */
  platform: string;
  /** The actor's config now; undefined when the admin removed it (the index then stays as it is). */
  config: ActorConfig | undefined;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof ResultFileShapeError || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT');
}

/**
 * A result file the caller may open: their own, or (admins) anyone's, optionally checked
 * against the username the admin picked. Looked up by name in the database (the name never
 * becomes a path), with its index made current (ensureResultIndex): the items are read from
 * the index, never by loading the file.
 */
export async function openResultFile(database: Database, storage: Storage, user: SessionUser, fileName: string, username?: string): Promise<OpenedResultFile> {
  const task = await findScrapeTaskByResultFile(database.db, fileName);
  if (!task?.resultPath || task.state !== 'completed') throw notFound(RESULT_FILE_NOT_FOUND);
  const allowed = user.role === 'admin' ? !username || username.toLowerCase() === task.ownerUsername.toLowerCase() : task.ownerId === user.id;
  if (!allowed) throw notFound(RESULT_FILE_NOT_FOUND);
  const config = await findActorConfig(database.db, task.platformId);
  try {
    await ensureResultIndex(database, storage, task, config);
  } catch (error) {
    // The file went missing or is not a result file: nothing to list.
    if (isMissingFile(error)) throw notFound(RESULT_FILE_NOT_FOUND);
    throw error;
  }
  return { task: { ...task, resultPath: task.resultPath }, platform: task.platformId, config };
}
