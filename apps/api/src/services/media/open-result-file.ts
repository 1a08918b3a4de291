import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { findScrapeTaskByResultFile, type ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import { ResultFileShapeError } from '@scrapper/db/result-file/scan-items';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { notFound } from '../../lib/errors.ts';
import { ownerScope } from '../../lib/owner-scope.ts';
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
 * The task of a result file the caller may open: their own, or (admins) anyone's, optionally
 * checked against the username the admin picked. Looked up by name in the database (the name
 * never becomes a path); someone else's file is "not found", as if absent.
 */
export async function findResultFileTask(database: Database, user: SessionUser, fileName: string, username?: string): Promise<ScrapeTaskWithOwner & { resultPath: string }> {
  const task = await findScrapeTaskByResultFile(database.db, fileName);
  if (!task?.resultPath || task.state !== 'completed') throw notFound(RESULT_FILE_NOT_FOUND);
  const scope = ownerScope(user);
  const allowed = scope === null ? !username || username.toLowerCase() === task.ownerUsername.toLowerCase() : task.ownerId === scope;
  if (!allowed) throw notFound(RESULT_FILE_NOT_FOUND);
  return { ...task, resultPath: task.resultPath };
}

/**
 * A result file the caller may open (findResultFileTask), with its index made current
 * (ensureResultIndex): the items are read from the index, never by loading the file.
 */
export async function openResultFile(database: Database, storage: Storage, user: SessionUser, fileName: string, username?: string): Promise<OpenedResultFile> {
  const task = await findResultFileTask(database, user, fileName, username);
  const config = await findActorConfig(database.db, task.platformId);
  try {
    await ensureResultIndex(database, storage, task, config);
  } catch (error) {
    // The file went missing or is not a result file: nothing to list.
    if (isMissingFile(error)) throw notFound(RESULT_FILE_NOT_FOUND);
    throw error;
  }
  return { task, platform: task.platformId, config };
}
