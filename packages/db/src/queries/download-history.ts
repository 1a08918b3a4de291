// The download history: what was downloaded or is downloading, filtered, counted per platform,
// and hidden.
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { downloads } from '../schema/downloads.ts';
import { downloadLibraryTotals } from '../schema/download-library-totals.ts';
import { users } from '../schema/users.ts';
import { byCreatedAt, containing, flatten, withOwner } from './downloads.ts';

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
