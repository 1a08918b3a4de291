// The library: the downloaded files still kept, listed, summed per platform, and deleted.
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { downloads } from '../schema/downloads.ts';
import { downloadLibraryTotals } from '../schema/download-library-totals.ts';
import { users } from '../schema/users.ts';
import { containing, type DownloadWithOwner } from './downloads.ts';

const liveFile = sql`${downloads.status} = 'completed' and ${downloads.storageKey} is not null and ${downloads.fileDeletedAt} is null`;

export interface FileFilter {
  ownerId: string | null;
  /** One file by id. */
  id?: string;
  platform?: string;
  /** Part of the title. */
  search?: string;
  sortBy: 'date' | 'title' | 'platform';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/**
 * The file manager's order. `desc` is the `asc` list read backwards, every key reversed, so that
 * one partial index (migration 0013) serves both directions and a page never sorts the library:
 * date (created_at, id); title (title, id); platform (platform, then newest first, id).
 */
function fileOrder(sortBy: FileFilter['sortBy'], order: FileFilter['order']): SQL[] {
  const up = order === 'asc';
  const newestFirst = [sql`${downloads.createdAt} desc nulls last`, sql`${downloads.id} desc nulls last`];
  const oldestFirst = [sql`${downloads.createdAt} asc nulls first`, sql`${downloads.id} asc nulls first`];
  if (sortBy === 'date') return up ? oldestFirst : newestFirst;
  if (sortBy === 'title') return up ? [asc(downloads.title), asc(downloads.id)] : [desc(downloads.title), desc(downloads.id)];
  return up ? [asc(downloads.platform), ...newestFirst] : [desc(downloads.platform), ...oldestFirst];
}

function fileWhere(f: Pick<FileFilter, 'ownerId' | 'id' | 'platform' | 'search'>): SQL | undefined {
  return and(
    liveFile,
    f.ownerId ? eq(downloads.ownerId, f.ownerId) : undefined,
    f.id ? eq(downloads.id, f.id) : undefined,
    f.platform ? eq(downloads.platform, f.platform) : undefined,
    f.search ? ilike(downloads.title, containing(f.search)) : undefined,
  );
}

/** What the file manager shows of a file: a flat row of the columns it reads, nothing more. */
const libraryFileColumns = {
  id: downloads.id,
  title: downloads.title,
  sourceItemId: downloads.sourceItemId,
  platform: downloads.platform,
  author: downloads.author,
  storageKey: downloads.storageKey,
  sizeBytes: downloads.sizeBytes,
  createdAt: downloads.createdAt,
  fileMissingAt: downloads.fileMissingAt,
  ownerUsername: users.username,
};
type LibraryFile = Pick<DownloadWithOwner, keyof typeof libraryFileColumns>;

/**
 * One page of the files still in storage (the caller's, or everyone's for `ownerId: null`).
 * Only the columns a file row shows are read: a download row has 28, and reading and mapping
 * them all cost the API more than the rest of a page (docs/benchmarks.md, large libraries).
 */
export async function listDownloadedFiles(db: Db, f: FileFilter): Promise<LibraryFile[]> {
  return db
    .select(libraryFileColumns)
    .from(downloads)
    .innerJoin(users, eq(users.id, downloads.ownerId))
    .where(fileWhere(f))
    .orderBy(...fileOrder(f.sortBy, f.order))
    .limit(f.limit)
    .offset(f.offset);
}

/** Files of the library per platform: how many and their recorded bytes. */
export interface PlatformFiles {
  platform: string;
  files: number;
  bytes: number;
}

/**
 * The whole library per platform: a few rows of the roll-up the triggers of migration 0013 keep
 * (everyone's summed for an admin), never a count over the downloads themselves.
 */
export async function summarizeDownloadedFiles(db: Db, ownerId: string | null): Promise<PlatformFiles[]> {
  const rows = await db
    .select({
      platform: downloadLibraryTotals.platform,
      files: sql<string>`sum(${downloadLibraryTotals.files})`,
      bytes: sql<string>`sum(${downloadLibraryTotals.fileBytes})`,
    })
    .from(downloadLibraryTotals)
    .where(ownerId ? eq(downloadLibraryTotals.ownerId, ownerId) : undefined)
    .groupBy(downloadLibraryTotals.platform)
    .having(sql`sum(${downloadLibraryTotals.files}) > 0`)
    .orderBy(asc(downloadLibraryTotals.platform));
  return rows.map((r) => ({ platform: r.platform, files: Number(r.files), bytes: Number(r.bytes) }));
}

/** How many files match a title search or an id (a platform filter alone is read off the summary). */
export async function countDownloadedFiles(db: Db, f: Pick<FileFilter, 'ownerId' | 'id' | 'platform' | 'search'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(downloads).where(fileWhere(f));
  return row?.n ?? 0;
}

export async function markDownloadFileDeleted(db: Db, id: string): Promise<void> {
  await db.update(downloads).set({ fileDeletedAt: new Date() }).where(eq(downloads.id, id));
}

/**
 * Files found gone from storage (a read that found none, or the sweep): the list shows them as
 * "File hilang" from now on. Returns how many were not marked yet.
 */
export async function markDownloadFilesMissing(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(downloads)
    .set({ fileMissingAt: new Date() })
    .where(and(inArray(downloads.id, [...ids]), isNull(downloads.fileMissingAt)))
    .returning({ id: downloads.id });
  return rows.length;
}

/** Files marked missing that the sweep found in storage again. Returns how many. */
export async function markDownloadFilesPresent(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(downloads)
    .set({ fileMissingAt: null })
    .where(and(inArray(downloads.id, [...ids]), isNotNull(downloads.fileMissingAt)))
    .returning({ id: downloads.id });
  return rows.length;
}

/** The sweep's walk over every kept file: the next `limit` after `afterId`, in id order. */
export async function listLiveFilesAfter(
  db: Db,
  afterId: string | null,
  limit: number,
): Promise<Array<{ id: string; storageKey: string; missing: boolean }>> {
  const rows = await db
    .select({ id: downloads.id, storageKey: downloads.storageKey, fileMissingAt: downloads.fileMissingAt })
    .from(downloads)
    .where(and(liveFile, afterId ? gt(downloads.id, afterId) : undefined))
    .orderBy(asc(downloads.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, storageKey: r.storageKey ?? '', missing: r.fileMissingAt !== null }));
}
