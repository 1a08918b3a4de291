import type { SessionUser } from '@scrapper/contracts/http/auth';
import { paginationOf } from '@scrapper/contracts/common';
import type { ListResultFilesResponseSchema } from '@scrapper/contracts/http/media';
import type { Database } from '@scrapper/db/client';
import { listResultFilesPage } from '@scrapper/db/queries/result-items';
import type { z } from 'zod';
import { ownerScope } from '../../lib/owner-scope.ts';

/**
 * One page of the result files the caller may open, newest first: a member's own; an admin's
 * everyone's, or one member's by `username` (applied before the page is cut, so the total and
 * the pages are that member's).
 */
export async function listResultFiles(
  database: Database,
  user: SessionUser,
  query: { username?: string | undefined; search?: string | undefined; offset: number; limit: number },
): Promise<z.infer<typeof ListResultFilesResponseSchema>> {
  const ownerId = ownerScope(user);
  const { rows, total } = await listResultFilesPage(database.sql, {
    ownerId,
    username: ownerId === null ? query.username : undefined,
    search: query.search || undefined,
    offset: query.offset,
    limit: query.limit,
  });
  const files = rows.map((r) => ({ fileName: r.fileName, platformId: r.platformId, itemCount: r.itemCount, target: r.target, createdAt: r.at, username: r.username }));
  return { files, pagination: paginationOf(query, files.length, total) };
}
