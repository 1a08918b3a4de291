// The download history: what was downloaded or is downloading, filtered, counted per platform,
// and hidden.
import { eq, isNull } from 'drizzle-orm';
import type postgres from 'postgres';
import type { Db } from '../client.ts';
import { downloads } from '../schema/downloads.ts';
import { containing, type DownloadWithOwner } from './downloads.ts';
import { toInstant, toInstantOrNull, toNumberOrNull, type RawInstant, type RawNumber } from './raw-values.ts';

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
// The page and its per-platform counts are the route's hot path (every open of Riwayat, every
// member): written in plain postgres.js, the statements a bare server would send, without the
// query builder's per-call work, and reading only the columns a history row shows (as the files
// list does: docs/benchmarks.md). Instants go as ISO text: the client drizzle wraps has its own
// type handling, and a Date is not one it sends.
function historyWhere(sql: postgres.Sql, f: HistoryFilter) {
  const escaped = f.search ? containing(f.search) : undefined;
  return sql`d.status in ('queued', 'running', 'completed') and d.hidden_from_history_at is null
    ${f.ownerId ? sql`and d.owner_id = ${f.ownerId}` : sql``}
    ${f.platform ? sql`and d.platform = ${f.platform}` : sql``}
    ${f.from ? sql`and d.created_at >= ${f.from.toISOString()}::timestamptz` : sql``}
    ${f.to ? sql`and d.created_at < ${f.to.toISOString()}::timestamptz` : sql``}
    ${escaped ? sql`and (d.title ilike ${escaped} or d.author ilike ${escaped})` : sql``}`;
}

/** The history's order: the chosen key, then the id the same way (a stable page). */
const HISTORY_ORDER: Record<HistoryFilter['sortBy'], Record<HistoryFilter['order'], string>> = {
  createdAt: { asc: 'd.created_at asc nulls first, d.id asc', desc: 'd.created_at desc nulls last, d.id desc' },
  title: { asc: 'd.title asc, d.id asc', desc: 'd.title desc, d.id desc' },
  platform: { asc: 'd.platform asc, d.id asc', desc: 'd.platform desc, d.id desc' },
  author: { asc: 'd.author asc, d.id asc', desc: 'd.author desc, d.id desc' },
};

/** What a history row shows: the columns it reads, nothing more. */
export type HistoryEntry = Pick<
  DownloadWithOwner,
  | 'id'
  | 'ownerId'
  | 'ownerUsername'
  | 'title'
  | 'sourceItemId'
  | 'platform'
  | 'author'
  | 'quality'
  | 'status'
  | 'progress'
  | 'error'
  | 'errorDetail'
  | 'storageKey'
  | 'sizeBytes'
  | 'fileDeletedAt'
  | 'createdAt'
>;

interface HistoryEntryRow {
  id: string;
  owner_id: string;
  owner_username: string;
  title: string;
  source_item_id: string;
  platform: string;
  author: string;
  quality: DownloadWithOwner['quality'];
  status: DownloadWithOwner['status'];
  progress: number;
  error: string | null;
  error_detail: string | null;
  storage_key: string | null;
  size_bytes: RawNumber | null;
  file_deleted_at: RawInstant | null;
  created_at: RawInstant;
}

/**
 * Entries per platform, most first. Without dates or a search they come from the roll-up of
 * migration 0013 (a few rows); with them, from one aggregate over the matching rows (the
 * partial history indexes of 0013 keep it index-only).
 */
async function historyPerPlatform(sql: postgres.Sql, f: HistoryFilter): Promise<Array<{ platform: string; n: number }>> {
  const rows =
    !f.from && !f.to && !f.search
      ? await sql<Array<{ platform: string; n: string }>>`
          select platform, sum(history_entries) as n from download_library_totals
          where true ${f.ownerId ? sql`and owner_id = ${f.ownerId}` : sql``} ${f.platform ? sql`and platform = ${f.platform}` : sql``}
          group by platform having sum(history_entries) > 0 order by n desc, platform asc`
      : await sql<Array<{ platform: string; n: string }>>`
          select d.platform, count(*) as n from downloads d where ${historyWhere(sql, f)}
          group by d.platform order by n desc, d.platform asc`;
  return rows.map((r) => ({ platform: r.platform, n: Number(r.n) }));
}

export async function listDownloadHistory(db: Db, f: HistoryFilter) {
  const sql = db.$client;
  // The total is the sum of the per-platform counts: one aggregate over the matching rows, not
  // a second count(*) over the same rows beside it.
  const [rows, byPlatform] = await Promise.all([
    sql<HistoryEntryRow[]>`
      select d.id, d.owner_id, u.username as owner_username, d.title, d.source_item_id, d.platform, d.author, d.quality,
        d.status, d.progress, d.error, d.error_detail, d.storage_key, d.size_bytes, d.file_deleted_at, d.created_at
      from downloads d inner join users u on u.id = d.owner_id
      where ${historyWhere(sql, f)}
      order by ${sql.unsafe(HISTORY_ORDER[f.sortBy][f.order])}
      limit ${f.limit} offset ${f.offset}`,
    historyPerPlatform(sql, f),
  ]);
  const entries: HistoryEntry[] = rows.map((r) => ({
    id: r.id,
    ownerId: r.owner_id,
    ownerUsername: r.owner_username,
    title: r.title,
    sourceItemId: r.source_item_id,
    platform: r.platform,
    author: r.author,
    quality: r.quality,
    status: r.status,
    progress: r.progress,
    error: r.error,
    errorDetail: r.error_detail,
    storageKey: r.storage_key,
    sizeBytes: toNumberOrNull(r.size_bytes),
    fileDeletedAt: toInstantOrNull(r.file_deleted_at),
    createdAt: toInstant(r.created_at),
  }));
  return {
    rows: entries,
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
