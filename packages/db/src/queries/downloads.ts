import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { downloadBatches, downloads, previews, type DownloadBatchRow, type DownloadQuality, type DownloadRow, type PreviewRow } from '../schema/downloads.ts';
import { downloadLibraryTotals } from '../schema/download-library-totals.ts';
import { users } from '../schema/users.ts';

export type DownloadWithOwner = DownloadRow & { ownerUsername: string };

/**
 * Newest or oldest first, in the nulls order of the `created_at` indexes. drizzle declares them
 * `desc nulls last`; a plain `desc` means nulls first (and a plain `asc` nulls last), which
 * PostgreSQL cannot read from such an index, forwards or backwards, so it sorted every matching
 * row instead. created_at is never null: the order of the rows is the same.
 */
function byCreatedAt(order: 'asc' | 'desc'): SQL {
  return order === 'desc' ? sql`${downloads.createdAt} desc nulls last` : sql`${downloads.createdAt} asc nulls first`;
}

const withOwner = { d: downloads, ownerUsername: users.username };
const flatten = (rows: Array<{ d: DownloadRow; ownerUsername: string }>): DownloadWithOwner[] =>
  rows.map((r) => ({ ...r.d, ownerUsername: r.ownerUsername }));

export interface NewDownload {
  ownerId: string;
  platform: string;
  sourceItemId: string;
  sourceUrl: string;
  directUrl: string | null;
  resultFileName: string | null;
  title: string;
  author: string;
  quality: DownloadQuality;
  batchId: string | null;
  item: unknown;
  /** The entry this download fetches again ("Unduh Ulang"). */
  redownloadOf?: string | null;
}

/**
 * A queued download for the item, or the one already queued or running for the same owner,
 * item and quality (two requests share one download). `created` says which.
 */
export async function insertOrJoinDownload(db: Db, values: NewDownload): Promise<{ row: DownloadRow; created: boolean }> {
  const [inserted] = await db.insert(downloads).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(downloads)
    .where(
      and(
        eq(downloads.ownerId, values.ownerId),
        eq(downloads.platform, values.platform),
        eq(downloads.sourceItemId, values.sourceItemId),
        eq(downloads.quality, values.quality),
        inArray(downloads.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  if (existing) return { row: existing, created: false };
  // It finished between the two statements: queue a fresh one.
  return insertOrJoinDownload(db, values);
}

export async function findDownload(db: Db, id: string): Promise<DownloadWithOwner | undefined> {
  const rows = await db.select(withOwner).from(downloads).innerJoin(users, eq(users.id, downloads.ownerId)).where(eq(downloads.id, id)).limit(1);
  return flatten(rows)[0];
}

/** The newest completed download of an item in a quality whose file is still there. */
export async function findCompletedDownload(
  db: Db,
  ownerId: string,
  platform: string,
  sourceItemId: string,
  quality: DownloadQuality,
): Promise<DownloadRow | undefined> {
  const [row] = await db
    .select()
    .from(downloads)
    .where(
      and(
        eq(downloads.ownerId, ownerId),
        eq(downloads.platform, platform),
        eq(downloads.sourceItemId, sourceItemId),
        eq(downloads.quality, quality),
        eq(downloads.status, 'completed'),
        isNull(downloads.fileDeletedAt),
      ),
    )
    .orderBy(byCreatedAt('desc'))
    .limit(1);
  return row;
}

export async function markDownloadRunning(db: Db, id: string): Promise<DownloadRow | undefined> {
  const [row] = await db
    .update(downloads)
    .set({ status: 'running' })
    .where(and(eq(downloads.id, id), inArray(downloads.status, ['queued', 'running'])))
    .returning();
  return row;
}

export async function updateDownloadProgress(db: Db, id: string, progress: number): Promise<void> {
  await db.update(downloads).set({ progress: Math.max(0, Math.min(100, Math.round(progress))) }).where(and(eq(downloads.id, id), eq(downloads.status, 'running')));
}

/** What yt-dlp's info says about a link download (title, author, platform, its id there). */
export interface DownloadFacts {
  title?: string;
  author?: string;
  platform?: string;
  sourceItemId?: string;
}

/**
 * Completes a running download with its file (and, for links, what yt-dlp said about them). A
 * re-download that completes takes the place of the entry it fetched again in the history.
 */
export async function completeDownload(
  db: Db,
  id: string,
  file: { storageKey: string; sizeBytes: number; mime: string },
  facts: DownloadFacts = {},
): Promise<boolean> {
  const rows = await db
    .update(downloads)
    .set({ ...facts, ...file, status: 'completed', progress: 100, error: null, errorDetail: null, finishedAt: new Date() })
    .where(and(eq(downloads.id, id), inArray(downloads.status, ['queued', 'running'])))
    .returning({ id: downloads.id, redownloadOf: downloads.redownloadOf });
  const done = rows[0];
  if (done?.redownloadOf) {
    await db
      .update(downloads)
      .set({ hiddenFromHistoryAt: new Date() })
      .where(and(eq(downloads.id, done.redownloadOf), isNull(downloads.hiddenFromHistoryAt)));
  }
  return rows.length > 0;
}

/** `error` is the member's sentence; `detail` the service's own words (shown under "Detail"). */
export async function failDownload(
  db: Db,
  id: string,
  error: string,
  status: 'failed' | 'cancelled' = 'failed',
  detail: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(downloads)
    .set({ status, error, errorDetail: detail, finishedAt: new Date() })
    .where(and(eq(downloads.id, id), inArray(downloads.status, ['queued', 'running'])))
    .returning({ id: downloads.id });
  return rows.length > 0;
}

/** `%text%` for ilike with the caller's % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface HistoryFilter {
  ownerId: string | null;
  platform?: string;
  /** Inclusive, as instants (the caller turns local dates into them). */
  from?: Date;
  to?: Date;
  search?: string;
  sortBy: 'createdAt' | 'title' | 'platform' | 'author';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/**
 * The history is what was downloaded or is downloading (a running row shows its percentage):
 * failed and cancelled attempts stay out of it (they still count for the analytics success rate
 * and show in their batch). The same predicate as the partial history indexes of migration 0013.
 */
const inHistory = sql`${downloads.status} in ('queued', 'running', 'completed') and ${downloads.hiddenFromHistoryAt} is null`;

function historyWhere(f: HistoryFilter): SQL | undefined {
  const escaped = f.search ? containing(f.search) : undefined;
  return and(
    inHistory,
    f.ownerId ? eq(downloads.ownerId, f.ownerId) : undefined,
    f.platform ? eq(downloads.platform, f.platform) : undefined,
    f.from ? gte(downloads.createdAt, f.from) : undefined,
    f.to ? lt(downloads.createdAt, f.to) : undefined,
    escaped ? or(ilike(downloads.title, escaped), ilike(downloads.author, escaped)) : undefined,
  );
}

/**
 * Entries per platform, most first. Without dates or a search they come from the roll-up of
 * migration 0013 (a few rows); with them, from one aggregate over the matching rows (the
 * partial history indexes of 0013 keep it index-only).
 */
async function historyPerPlatform(db: Db, f: HistoryFilter, where: SQL | undefined): Promise<Array<{ platform: string; n: number }>> {
  if (!f.from && !f.to && !f.search) {
    const n = sql<string>`sum(${downloadLibraryTotals.historyEntries})`;
    const rows = await db
      .select({ platform: downloadLibraryTotals.platform, n })
      .from(downloadLibraryTotals)
      .where(
        and(
          f.ownerId ? eq(downloadLibraryTotals.ownerId, f.ownerId) : undefined,
          f.platform ? eq(downloadLibraryTotals.platform, f.platform) : undefined,
        ),
      )
      .groupBy(downloadLibraryTotals.platform)
      .having(sql`${n} > 0`)
      .orderBy(desc(n), asc(downloadLibraryTotals.platform));
    return rows.map((r) => ({ platform: r.platform, n: Number(r.n) }));
  }
  return db.select({ platform: downloads.platform, n: count() }).from(downloads).where(where).groupBy(downloads.platform).orderBy(desc(count()));
}

export async function listDownloadHistory(db: Db, f: HistoryFilter) {
  const where = historyWhere(f);
  const direction = f.order === 'asc' ? asc : desc;
  const first =
    f.sortBy === 'createdAt' ? byCreatedAt(f.order) : direction({ title: downloads.title, platform: downloads.platform, author: downloads.author }[f.sortBy]);
  // The total is the sum of the per-platform counts: one aggregate over the matching rows, not
  // a second count(*) over the same rows beside it.
  const [rows, byPlatform] = await Promise.all([
    db
      .select(withOwner)
      .from(downloads)
      .innerJoin(users, eq(users.id, downloads.ownerId))
      .where(where)
      .orderBy(first, direction(downloads.id))
      .limit(f.limit)
      .offset(f.offset),
    historyPerPlatform(db, f, where),
  ]);
  return {
    rows: flatten(rows),
    total: byPlatform.reduce((sum, p) => sum + p.n, 0),
    byPlatform: byPlatform.map((p) => ({ platform: p.platform, count: p.n })),
  };
}

export async function hideDownloadFromHistory(db: Db, id: string): Promise<void> {
  await db.update(downloads).set({ hiddenFromHistoryAt: new Date() }).where(eq(downloads.id, id));
}

export async function hideAllDownloadHistory(db: Db): Promise<number> {
  const rows = await db
    .update(downloads)
    .set({ hiddenFromHistoryAt: new Date() })
    .where(isNull(downloads.hiddenFromHistoryAt))
    .returning({ id: downloads.id });
  return rows.length;
}

/** Downloads whose file is still in storage: the rows of the file manager (and its partial indexes). */
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

export async function insertDownloadBatch(
  db: Db,
  values: Pick<DownloadBatchRow, 'ownerId' | 'resultFileName' | 'quality' | 'total'> & Partial<Pick<DownloadBatchRow, 'source'>>,
): Promise<DownloadBatchRow> {
  const [row] = await db.insert(downloadBatches).values(values).returning();
  if (!row) throw new Error('insert into download_batches returned no row');
  return row;
}

export async function findDownloadBatch(db: Db, id: string): Promise<DownloadBatchRow | undefined> {
  const [row] = await db.select().from(downloadBatches).where(eq(downloadBatches.id, id)).limit(1);
  return row;
}

/**
 * Holds the batch's row until the transaction ends, so the downloads of one batch that end at
 * the same moment take turns. `for no key update`: it does not hold up new downloads being
 * added to the batch (their foreign key takes a key-share lock).
 */
export async function lockDownloadBatch(db: Db, batchId: string): Promise<void> {
  await db.select({ id: downloadBatches.id }).from(downloadBatches).where(eq(downloadBatches.id, batchId)).for('no key update');
}

export async function listBatchDownloads(db: Db, batchId: string): Promise<DownloadRow[]> {
  return db.select().from(downloads).where(eq(downloads.batchId, batchId)).orderBy(asc(downloads.createdAt));
}

export async function setDownloadBatch(db: Db, id: string, batchId: string): Promise<void> {
  await db.update(downloads).set({ batchId }).where(and(eq(downloads.id, id), isNull(downloads.batchId)));
}

// Previews

export async function insertOrFindPreview(
  db: Db,
  values: Pick<PreviewRow, 'platform' | 'sourceItemId' | 'sourceUrl' | 'directUrl' | 'format' | 'maxDurationSecs'>,
): Promise<{ row: PreviewRow; created: boolean }> {
  const [inserted] = await db.insert(previews).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(previews)
    .where(
      and(
        eq(previews.platform, values.platform),
        eq(previews.sourceItemId, values.sourceItemId),
        eq(previews.format, values.format),
        eq(previews.maxDurationSecs, values.maxDurationSecs),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('preview vanished');
  return { row: existing, created: false };
}

/** A failed preview may be tried again: back to queued. */
export async function requeuePreview(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(previews)
    .set({ status: 'queued', error: null })
    .where(and(eq(previews.id, id), eq(previews.status, 'failed')))
    .returning({ id: previews.id });
  return rows.length > 0;
}

export async function findPreview(db: Db, id: string): Promise<PreviewRow | undefined> {
  const [row] = await db.select().from(previews).where(eq(previews.id, id)).limit(1);
  return row;
}

export async function finishPreview(
  db: Db,
  id: string,
  result: { status: 'completed'; storageKey: string; sizeBytes: number } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(previews)
    .set({ ...result, finishedAt: new Date() })
    .where(eq(previews.id, id));
}

export async function markPreviewRunning(db: Db, id: string): Promise<PreviewRow | undefined> {
  const [row] = await db
    .update(previews)
    .set({ status: 'running' })
    .where(and(eq(previews.id, id), inArray(previews.status, ['queued', 'running'])))
    .returning();
  return row;
}

/** Cancels what is still queued or running in a batch; returns how many. */
export async function cancelBatchDownloads(db: Db, batchId: string): Promise<number> {
  const rows = await db
    .update(downloads)
    .set({ status: 'cancelled', error: 'Dibatalkan.', finishedAt: new Date() })
    .where(and(eq(downloads.batchId, batchId), inArray(downloads.status, ['queued', 'running'])))
    .returning({ id: downloads.id });
  return rows.length;
}

export async function findDownloadStatus(db: Db, id: string): Promise<DownloadRow['status'] | undefined> {
  const [row] = await db.select({ status: downloads.status }).from(downloads).where(eq(downloads.id, id)).limit(1);
  return row?.status;
}
