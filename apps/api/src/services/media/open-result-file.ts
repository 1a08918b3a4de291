import type { SessionUser } from '@scrapper/contracts/http/auth';
import { ResultFileSchema, type ResultFile } from '@scrapper/contracts/http/scrape';
import type { Db } from '@scrapper/db/client';
import { findScrapeTaskByResultFile, type ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'File hasil tidak ditemukan.';

/**
 * A result file the caller may open: their own, or (admins) anyone's, optionally checked
 * against the username the admin picked. Looked up by name in the database; the name never
 * becomes a path.
 */
export async function openResultFile(
  db: Db,
  storage: Storage,
  user: SessionUser,
  fileName: string,
  username?: string,
): Promise<{ task: ScrapeTaskWithOwner; file: ResultFile }> {
  const task = await findScrapeTaskByResultFile(db, fileName);
  if (!task?.resultPath) throw notFound(NOT_FOUND);
  const allowed = user.role === 'admin' ? !username || username.toLowerCase() === task.ownerUsername.toLowerCase() : task.ownerId === user.id;
  if (!allowed) throw notFound(NOT_FOUND);
  let text: string;
  try {
    text = await storage.readText(task.resultPath);
  } catch {
    throw notFound(NOT_FOUND);
  }
  return { task, file: ResultFileSchema.parse(JSON.parse(text)) };
}
