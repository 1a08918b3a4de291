// The library: the downloaded files still kept, listed, summed per platform, and deleted.
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { Db } from '../client.ts';
import { downloads } from '../schema/downloads.ts';
import { containing, type DownloadWithOwner } from './downloads.ts';
import { toIsoInstant, toNumberOrNull, type RawInstant, type RawNumber } from './raw-values.ts';

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
const FILE_ORDER: Record<FileFilter['sortBy'], Record<FileFilter['order'], string>> = {
  date: { asc: 'd.created_at asc nulls first, d.id asc nulls first', desc: 'd.created_at desc nulls last, d.id desc nulls last' },
  title: { asc: 'd.title asc, d.id asc', desc: 'd.title desc, d.id desc' },
  platform: {
    asc: 'd.platform asc, d.created_at desc nulls last, d.id desc nulls last',
    desc: 'd.platform desc, d.created_at asc nulls first, d.id asc nulls first',
  },
};

// The list, its count and the summary are the route's hot path (every open of the file
// manager): written in plain postgres.js, the statements a bare server would send, without the
// query builder's per-call work (docs/benchmarks.md, files list).
function fileWhere(sql: postgres.Sql, f: Pick<FileFilter, 'ownerId' | 'id' | 'platform' | 'search'>) {
  return sql`d.status = 'completed' and d.storage_key is not null and d.file_deleted_at is null
    ${f.ownerId ? sql`and d.owner_id = ${f.ownerId}` : sql``}
    ${f.id ? sql`and d.id = ${f.id}` : sql``}
    ${f.platform ? sql`and d.platform = ${f.platform}` : sql``}
    ${f.search ? sql`and d.title ilike ${containing(f.search)}` : sql``}`;
}

/**
 * What the file manager shows of a file: a flat row of the columns it reads, nothing more, with
 * the instant already as the answer writes it.
 */
type LibraryFile = Pick<DownloadWithOwner, 'id' | 'title' | 'sourceItemId' | 'platform' | 'author' | 'storageKey' | 'sizeBytes' | 'ownerUsername'> & {
  /** ISO 8601. */
  createdAt: string;
  /** Found gone from storage (`file_missing_at` is set): the page says "File hilang". */
  fileMissing: boolean;
};

interface LibraryFileRow {
  id: string;
  title: string;
  source_item_id: string;
  platform: string;
  author: string;
  storage_key: string | null;
  size_bytes: RawNumber | null;
  created_at: RawInstant;
  file_missing_at: RawInstant | null;
  owner_username: string;
}

/**
 * One page of the files still in storage (the caller's, or everyone's for `ownerId: null`).
 * Only the columns a file row shows are read: a download row has 28, and reading and mapping
 * them all cost the API more than the rest of a page (docs/benchmarks.md, large libraries).
 */
export async function listDownloadedFiles(db: Db, f: FileFilter): Promise<LibraryFile[]> {
  const sql = db.$client;
  const rows = await sql<LibraryFileRow[]>`
    select d.id, d.title, d.source_item_id, d.platform, d.author, d.storage_key, d.size_bytes, d.created_at, d.file_missing_at, u.username as owner_username
    from downloads d inner join users u on u.id = d.owner_id
    where ${fileWhere(sql, f)}
    order by ${sql.unsafe(FILE_ORDER[f.sortBy][f.order])}
    limit ${f.limit} offset ${f.offset}`;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    sourceItemId: r.source_item_id,
    platform: r.platform,
    author: r.author,
    storageKey: r.storage_key,
    sizeBytes: toNumberOrNull(r.size_bytes),
    createdAt: toIsoInstant(r.created_at),
    fileMissing: r.file_missing_at !== null,
    ownerUsername: r.owner_username,
  }));
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
  const sql = db.$client;
  const rows = await sql<Array<{ platform: string; files: string; bytes: string }>>`
    select platform, sum(files) as files, sum(file_bytes) as bytes from download_library_totals
    ${ownerId ? sql`where owner_id = ${ownerId}` : sql``}
    group by platform having sum(files) > 0 order by platform asc`;
  return rows.map((r) => ({ platform: r.platform, files: Number(r.files), bytes: Number(r.bytes) }));
}

/** How many files match a title search or an id (a platform filter alone is read off the summary). */
export async function countDownloadedFiles(db: Db, f: Pick<FileFilter, 'ownerId' | 'id' | 'platform' | 'search'>): Promise<number> {
  const sql = db.$client;
  const [row] = await sql<Array<{ n: string }>>`select count(*) as n from downloads d where ${fileWhere(sql, f)}`;
  return Number(row?.n ?? 0);
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
