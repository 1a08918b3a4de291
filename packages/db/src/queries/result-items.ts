import type postgres from 'postgres';
import type { ListItemsQuery } from '@scrapper/contracts/http/media';
import type { ResultIndexRow } from '../result-file/index-rows.ts';
import { toIsoInstant, type RawInstant } from './raw-values.ts';

// The index of result files (table result_items; see the schema) and the paged result-file
// list. Raw postgres.js: rows go in a page at a time through unnest (one statement for a
// thousand items), and the items page is one statement whose filters and sort are made of
// fixed fragments, never of client text.

/** The raw client, or a transaction's. */
export type SqlClient = postgres.Sql | postgres.TransactionSql;

/** One row of result_items as written: the index row the result-file indexer makes. */
export type ResultItemInsert = ResultIndexRow;

/** One page of raw items' rows in one statement (columns as arrays, unnest back into rows). */
export async function insertResultItems(sql: SqlClient, taskId: string, rows: readonly ResultItemInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof ResultItemInsert>(key: K) => rows.map((r) => r[key]);
  // Counts past 2^53 are not counts any more; bigints are sent as text to be exact.
  const big = (values: (number | null)[]) => values.map((v) => (v === null ? null : String(Math.trunc(v))));
  await (sql as postgres.Sql)`
    insert into result_items (task_id, position, raw_start, raw_length, item_id, skip_reason, title, title_key, author, url, thumbnail, duration, play_count, like_count, width, height)
    select ${taskId}::uuid, * from unnest(
      ${col('position') as number[]}::int[], ${big(col('rawStart'))}::bigint[], ${col('rawLength') as number[]}::int[],
      ${col('itemId') as string[]}::text[], ${col('skipReason') as string[]}::text[], ${col('title')}::text[], ${col('titleKey')}::text[],
      ${col('author')}::text[], ${col('url')}::text[], ${col('thumbnail')}::text[], ${col('duration') as number[]}::float8[],
      ${big(col('playCount')) as string[]}::bigint[], ${big(col('likeCount')) as string[]}::bigint[],
      ${col('width').map((v) => (v === null ? null : Math.trunc(v))) as number[]}::int[], ${col('height').map((v) => (v === null ? null : Math.trunc(v))) as number[]}::int[]
    )`;
}

export async function deleteResultItems(sql: SqlClient, taskId: string): Promise<void> {
  await (sql as postgres.Sql)`delete from result_items where task_id = ${taskId}`;
}

/**
 * The task's rows are all written: ranks their titles for "hide duplicates" (title_rank, see
 * the schema) and records the mapping they were made with (resultMappingHash). Only the rows
 * whose rank changes are written (the second and later of a repeated title: few).
 */
export async function setResultMapping(sql: SqlClient, taskId: string, mapping: string): Promise<void> {
  await rankResultTitles(sql, taskId);
  await (sql as postgres.Sql)`update scrape_tasks set result_mapping = ${mapping} where id = ${taskId}`;
}

/**
 * title_rank of the task's rows from their title keys: 1, 2, ... in file order within each key
 * that more than one listed item has; null otherwise (idempotent; only changed rows are written).
 */
export async function rankResultTitles(sql: SqlClient, taskId: string): Promise<void> {
  await (sql as postgres.Sql)`
    update result_items r set title_rank = x.rank
    from (
      select position, case when count(*) over (partition by title_key) > 1 then row_number() over (partition by title_key order by position) end as rank
      from result_items where task_id = ${taskId} and item_id is not null and title_key <> ''
    ) x
    where r.task_id = ${taskId} and r.position = x.position and r.title_rank is distinct from x.rank`;
}

/**
 * Holds the task's index for this transaction: one rebuild at a time per task; a second
 * reader waits and then finds the index made.
 */
export async function lockResultIndex(sql: postgres.TransactionSql, taskId: string): Promise<void> {
  await (sql as unknown as postgres.Sql)`select pg_advisory_xact_lock(hashtextextended(${`result_items:${taskId}`}, 0))`;
}

export interface ResultIndexState {
  mapping: string | null;
  /** The rows carry no byte ranges: the file is of the old shape (mapped items with `raw`). */
  legacy: boolean;
}

export async function findResultIndexState(sql: SqlClient, taskId: string): Promise<ResultIndexState | undefined> {
  const [row] = await (sql as postgres.Sql)<Array<{ mapping: string | null; legacy: boolean | null }>>`
    select t.result_mapping as mapping,
      (select r.raw_start is null from result_items r where r.task_id = t.id order by r.position limit 1) as legacy
    from scrape_tasks t where t.id = ${taskId}`;
  return row ? { mapping: row.mapping, legacy: row.legacy === true } : undefined;
}

/** An index row as read back: a listed item (itemId set) and where its raw record is. */
export type ResultItemRow = Omit<ResultIndexRow, 'itemId' | 'skipReason' | 'titleKey'> & { itemId: string };

interface RawItemRow {
  position: number;
  raw_start: string | null;
  raw_length: number | null;
  item_id: string;
  title: string;
  author: string;
  url: string;
  thumbnail: string;
  duration: number | null;
  play_count: string | null;
  like_count: string | null;
  width: number | null;
  height: number | null;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

function toItemRow(r: RawItemRow): ResultItemRow {
  return {
    position: r.position,
    rawStart: num(r.raw_start),
    rawLength: r.raw_length,
    itemId: r.item_id,
    title: r.title,
    author: r.author,
    url: r.url,
    thumbnail: r.thumbnail,
    duration: r.duration,
    playCount: num(r.play_count),
    likeCount: num(r.like_count),
    width: r.width,
    height: r.height,
  };
}

/** The listed items of a task with these ids (at most as many as asked; unknown ids are left out). */
export async function findResultItems(sql: SqlClient, taskId: string, itemIds: readonly string[]): Promise<ResultItemRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await (sql as postgres.Sql)<RawItemRow[]>`
    select position, raw_start, raw_length, item_id, title, author, url, thumbnail, duration, play_count, like_count, width, height
    from result_items where task_id = ${taskId} and item_id = any(${itemIds as string[]}::text[])
    order by position`;
  return rows.map(toItemRow);
}

/** Every listed item of a task (the mapping kept it), in the file's order. */
export async function listAllResultItems(sql: SqlClient, taskId: string): Promise<ResultItemRow[]> {
  const rows = await (sql as postgres.Sql)<RawItemRow[]>`
    select position, raw_start, raw_length, item_id, title, author, url, thumbnail, duration, play_count, like_count, width, height
    from result_items where task_id = ${taskId} and item_id is not null
    order by position`;
  return rows.map(toItemRow);
}

const SORT_COLUMNS: Record<ListItemsQuery['sortBy'], string> = {
  position: 'position',
  title: 'title',
  author: 'author',
  duration: 'duration',
  playCount: 'play_count',
  likeCount: 'like_count',
};

/** `%`, `_` and `\` in a search are plain characters. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ResultItemsPage {
  items: Array<ResultItemRow & { downloaded: boolean }>;
  total: number;
  counts: { all: number; hiddenByDuration: number; hiddenAsDuplicate: number; hiddenAsDownloaded: number };
}

/**
 * One page of a task's listed items, filtered and sorted in SQL, with the counts of what each
 * filter hides. The rules are the downloader's (applyHideFilters): an item hidden by duration
 * is out first (an unknown duration never is); of the items left, the first of each title key
 * (by position) stays and the rest are duplicates (an empty title is nobody's duplicate); of
 * those left, the downloaded ones go when asked; the search narrows what remains. `downloaded`:
 * the owner has a completed download of that platform item whose file is not deleted.
 */
export async function listResultItemsPage(
  client: SqlClient,
  scope: { taskId: string; ownerId: string; platform: string },
  query: Pick<ListItemsQuery, 'offset' | 'limit' | 'sortBy' | 'order' | 'minSeconds' | 'maxSeconds' | 'hideDuplicates' | 'hideDownloaded' | 'search'>,
): Promise<ResultItemsPage> {
  const sql = client as postgres.Sql;
  const { taskId, ownerId, platform } = scope;
  const min = query.minSeconds ?? null;
  const max = query.maxSeconds ?? null;
  const durationFilter = min !== null || max !== null;
  const byDuration = durationFilter
    ? sql`(duration is not null and (${min}::float8 is not null and duration < ${min}::float8 or ${max}::float8 is not null and duration > ${max}::float8))`
    : sql`false`;
  // Duplicates, from the ranks stored with the index (title_rank) instead of ranking the whole
  // file per request: without a duration filter a row ranked after the first of its key is a
  // duplicate. With one, the first of a key may be hidden by duration and the next one left then
  // stays: only the rows of repeated keys (ranked; read in key order from their partial index)
  // are ranked again among what the duration filter leaves (`dups`: the positions hidden).
  const dynamicDuplicates = query.hideDuplicates && durationFilter;
  const isDuplicate = !query.hideDuplicates
    ? sql`false`
    : dynamicDuplicates
      ? sql`(coalesce(title_rank, 1) > 1 and position in (select position from dups))`
      : sql`(coalesce(title_rank, 1) > 1)`;
  const dupsCte = sql`dups as materialized (
        select position from (
          select position, ${byDuration} as by_duration,
            min(position) filter (where not ${byDuration}) over (partition by title_key) as keep
          from result_items
          where task_id = ${taskId} and item_id is not null and title_rank is not null
        ) g where not by_duration and position <> keep
      )`;
  const dups = dynamicDuplicates ? sql`with ${dupsCte}` : sql``;
  const done = sql`d.owner_id = ${ownerId} and d.platform = ${platform} and d.status = 'completed' and d.file_deleted_at is null`;
  // Over the whole file: one hashed set of the owner's downloaded ids; for a page: a probe each.
  const inDownloaded = query.hideDownloaded ? sql`(item_id in (select d.source_item_id from downloads d where ${done}))` : sql`false`;
  const isDownloaded = sql`exists (select 1 from downloads d where ${done} and d.source_item_id = f.item_id)`;
  const search = query.search ? sql`(title ilike ${containsPattern(query.search)} or author ilike ${containsPattern(query.search)})` : sql`true`;
  const column = sql.unsafe(SORT_COLUMNS[query.sortBy]);
  const direction = sql.unsafe(query.order === 'desc' ? 'desc' : 'asc');
  // The counts: one pass over the file's rows with cheap conditions only. The downloaded ones
  // are found once (`dl`: the owner's downloads of this platform among the file's items, read
  // with their own flags); what they hide and what they take off the total is counted on them.
  const dl = query.hideDownloaded
    ? sql`dl as materialized (
        select position, duration, title_rank, title, author from result_items
        where task_id = ${taskId} and item_id is not null and item_id in (select d.source_item_id from downloads d where ${done})
      )`
    : undefined;
  const shown = sql`not ${byDuration} and not ${isDuplicate}`;
  const countsWith = dynamicDuplicates && dl ? sql`with ${dupsCte}, ${dl}` : dl ? sql`with ${dl}` : dups;
  const counts = sql`
    ${countsWith}
    select count(*) as all,
      count(*) filter (where ${byDuration}) as by_duration,
      count(*) filter (where not ${byDuration} and ${isDuplicate}) as by_duplicate,
      ${dl ? sql`(select count(*) from dl where ${shown})` : sql`0`} as by_downloaded,
      count(*) filter (where ${shown} and ${search}) ${dl ? sql`- (select count(*) from dl where ${shown} and ${search})` : sql``} as total
    from result_items where task_id = ${taskId} and item_id is not null`;
  // The page: the visible rows in the asked order, the flags as plain conditions.
  const page = sql`
    ${dups}
    select f.position, f.raw_start, f.raw_length, f.item_id, f.title, f.author, f.url, f.thumbnail, f.duration, f.play_count, f.like_count, f.width, f.height,
      ${query.hideDownloaded ? sql`false` : isDownloaded} as downloaded
    from result_items f
    where task_id = ${taskId} and item_id is not null
      and not ${byDuration} and not ${isDuplicate} and not ${inDownloaded} and ${search}
    order by ${column} ${direction} nulls last, position asc
    offset ${query.offset} limit ${query.limit}`;
  type CountRow = { all: string; by_duration: string; by_duplicate: string; by_downloaded: string; total: string };
  type PageRow = RawItemRow & { downloaded: boolean };
  const [countRows, pageRows] = await Promise.all([sql<CountRow[]>`${counts}`, sql<PageRow[]>`${page}`]);
  const c = countRows[0];
  return {
    items: pageRows.map((r) => ({ ...toItemRow(r), downloaded: r.downloaded })),
    total: Number(c?.total ?? 0),
    counts: {
      all: Number(c?.all ?? 0),
      hiddenByDuration: Number(c?.by_duration ?? 0),
      hiddenAsDuplicate: Number(c?.by_duplicate ?? 0),
      hiddenAsDownloaded: Number(c?.by_downloaded ?? 0),
    },
  };
}

export interface ResultFileListRow {
  fileName: string;
  platformId: string;
  itemCount: number;
  target: string;
  /** When it finished (or was created), ISO 8601. */
  at: string;
  username: string;
}

/**
 * One page of the result files the downloader can open (completed tasks with a file), newest
 * first; `ownerId` null: everyone's (admins), `username` then narrows to one member before the
 * page is cut. `search`: the file name or the target contains it. `total` counts every match.
 */
export async function listResultFilesPage(
  client: SqlClient,
  filter: { ownerId: string | null; username?: string | undefined; search?: string | undefined; offset: number; limit: number },
): Promise<{ rows: ResultFileListRow[]; total: number }> {
  const sql = client as postgres.Sql;
  const where = sql`t.state = 'completed' and t.result_file_name is not null
    ${filter.ownerId ? sql`and t.owner_id = ${filter.ownerId}` : sql``}
    ${filter.username ? sql`and lower(u.username) = lower(${filter.username})` : sql``}
    ${filter.search ? sql`and (t.result_file_name ilike ${containsPattern(filter.search)} or t.target ilike ${containsPattern(filter.search)})` : sql``}`;
  // Without a search the total is kept by triggers (scrape_library_totals, migration 0014): one
  // row, or a sum over members, instead of counting every completed task on every page.
  const total = filter.search
    ? sql<Array<{ total: string }>>`select count(*) as total from scrape_tasks t ${filter.username ? sql`join users u on u.id = t.owner_id` : sql``} where ${where}`
    : sql<Array<{ total: string }>>`select coalesce(sum(s.result_files), 0) as total from scrape_library_totals s
        ${filter.username ? sql`join users u on u.id = s.owner_id` : sql``}
        where true ${filter.ownerId ? sql`and s.owner_id = ${filter.ownerId}` : sql``}
        ${filter.username ? sql`and lower(u.username) = lower(${filter.username})` : sql``}`;
  const [countRows, rows] = await Promise.all([
    total,
    sql<Array<{ file_name: string; platform_id: string; item_count: number | null; target: string; at: RawInstant; username: string }>>`
      select t.result_file_name as file_name, t.platform_id, t.result_item_count as item_count, t.target,
        coalesce(t.finished_at, t.created_at) as at, u.username
      from scrape_tasks t join users u on u.id = t.owner_id
      where ${where}
      order by t.finished_at desc nulls last, t.id desc
      offset ${filter.offset} limit ${filter.limit}`,
  ]);
  return {
    total: Number(countRows[0]?.total ?? 0),
    rows: rows.map((r) => ({ fileName: r.file_name, platformId: r.platform_id, itemCount: r.item_count ?? 0, target: r.target, at: toIsoInstant(r.at), username: r.username })),
  };
}
