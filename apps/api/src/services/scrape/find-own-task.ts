import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Db } from '@scrapper/db/client';
import { findScrapeTask, type ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import { notFound } from '../../lib/errors.ts';
import { canReach } from '../../lib/owner-scope.ts';

/**
 * A task the caller may see: their own, or any for admins. Someone else's task is a 404,
 * not a 403, so ids of other members' tasks cannot be probed.
 */
export async function findOwnTask(db: Db, user: SessionUser, id: string): Promise<ScrapeTaskWithOwner> {
  const task = await findScrapeTask(db, id);
  if (!task || !canReach(user, task.ownerId)) throw notFound('Tugas tidak ditemukan.');
  return task;
}
