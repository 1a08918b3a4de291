// One download: queued or joined, run, finished, read. Its neighbours: download-history.ts,
// download-files.ts (the library), download-batches.ts, previews.ts.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { downloads, type DownloadQuality, type DownloadRow } from '../schema/downloads.ts';
import { users } from '../schema/users.ts';
import { displayTitle } from '@scrapper/contracts/rules/readable-file-name';

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

export const withOwner = { d: downloads, ownerUsername: users.username };
export const flatten = (rows: Array<{ d: DownloadRow; ownerUsername: string }>): DownloadWithOwner[] =>
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
 * item and quality (two requests share one download). `created` says which. Every way of
 * starting a download comes here, so this is where its one title is decided (`displayTitle`:
 * the item's own, "Video TikTok dari @kreator" for one without, a link's address): every
 * screen and file name reads it from the row, nothing replaces it later.
 */
export async function insertOrJoinDownload(db: Db, values: NewDownload): Promise<{ row: DownloadRow; created: boolean }> {
  const row = { ...values, title: displayTitle(values) };
  const [inserted] = await db.insert(downloads).values(row).onConflictDoNothing().returning();
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
    // A file just written is present (a re-run of a download whose file had gone missing).
    .set({ ...facts, ...file, status: 'completed', progress: 100, error: null, errorDetail: null, fileMissingAt: null, finishedAt: new Date() })
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


export async function findDownloadStatus(db: Db, id: string): Promise<DownloadRow['status'] | undefined> {
  const [row] = await db.select({ status: downloads.status }).from(downloads).where(eq(downloads.id, id)).limit(1);
  return row?.status;
}

/** `%text%` for ilike with the caller's % _ and \ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
