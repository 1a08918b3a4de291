import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlatformInfo, ScrapeInput, TaskState } from '@scrapper/contracts/http/scrape';
import { users } from './users.ts';

export const scrapeTasks = pgTable(
  'scrape_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').notNull(),
    platformId: text('platform_id').notNull(),
    scrapeType: text('scrape_type', { enum: ['url', 'keyword'] }).notNull(),
    /** The first target value, for history lists. */
    target: text('target').notNull(),
    input: jsonb('input').$type<ScrapeInput>().notNull(),
    platformInfo: jsonb('platform_info').$type<PlatformInfo>().notNull(),
    state: text('state').$type<TaskState>().notNull().default('waiting'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    itemsFound: integer('items_found').notNull().default(0),
    apifyRunId: text('apify_run_id'),
    apifyDatasetId: text('apify_dataset_id'),
    /**
     * Written before the Apify run is started and sent as the start request's User-Agent (Apify keeps it as the run's meta.userAgent): a retry after a worker
     * died between Apify accepting the run and apify_run_id being saved finds that run by it
     * instead of paying for a second one.
     */
    apifyStartMarker: text('apify_start_marker'),
    apifyStartRequestedAt: timestamp('apify_start_requested_at', { withTimezone: true }),
    /** What the Apify run cost (the run's `usageTotalUsd`), recorded as the run is followed. */
    usageTotalUsd: numeric('usage_total_usd', { precision: 12, scale: 6, mode: 'number' }),
    /** How much of the Apify run log has been copied into scrape_task_logs. */
    logOffset: integer('log_offset').notNull().default(0),
    resultFileName: text('result_file_name'),
    resultPath: text('result_path'),
    resultItemCount: integer('result_item_count'),
    /**
     * The mapping the rows of result_items were made with (a hash of the actor config's
     * mapping fields); null: not indexed yet (a file written before the index existed). When
     * the admin changes the mapping, the rows are made again from the raw file.
     */
    resultMapping: text('result_mapping'),
    /**
     * What the run kept: `{ found, saved, skipped: { notVideo?, noUrl?, duplicate?, invalid? } }`
     * (only reasons that occurred); null until the dataset is read.
     */
    counts: jsonb('counts').$type<{ found: number; saved: number; skipped: Partial<Record<'notVideo' | 'noUrl' | 'duplicate' | 'invalid', number>> }>(),
    /** A completed task that deserves attention (found items but saved none), in Indonesian. */
    warning: text('warning'),
    /** The task this one retries (`POST /api/scrape/retry/:id`). */
    retryOf: uuid('retry_of'),
    /** One Indonesian sentence: what happened and what to do. */
    error: text('error'),
    /** The service's own words (Apify's message), shown under "Detail". */
    errorDetail: text('error_detail'),
    /** Hidden from the history list by its owner; the row and file stay for the downloader. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scrape_tasks_owner_idx').on(t.ownerId, t.createdAt),
    index('scrape_tasks_state_idx').on(t.state),
    index('scrape_tasks_result_file_idx').on(t.resultFileName),
    // Scrape history pages: finished, shown tasks, newest finished first (listScrapeHistory).
    index('scrape_tasks_owner_history_idx')
      .on(t.ownerId, sql`(coalesce(${t.finishedAt}, ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.state} in ('completed', 'failed', 'cancelled') and ${t.hiddenAt} is null`),
    index('scrape_tasks_history_idx')
      .on(sql`(coalesce(${t.finishedAt}, ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.state} in ('completed', 'failed', 'cancelled') and ${t.hiddenAt} is null`),
    // The downloader's result files, newest finished first (listResultFilesPage).
    index('scrape_tasks_owner_results_idx')
      .on(t.ownerId, t.finishedAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'completed' and ${t.resultFileName} is not null`),
    index('scrape_tasks_results_idx')
      .on(t.finishedAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'completed' and ${t.resultFileName} is not null`),
    check(
      'scrape_tasks_state_check',
      sql`${t.state} in ('waiting', 'active', 'running', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);
export type ScrapeTaskRow = typeof scrapeTasks.$inferSelect;

export const scrapeTaskLogs = pgTable(
  'scrape_task_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => scrapeTasks.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scrape_task_logs_task_idx').on(t.taskId, t.id)],
);
export type ScrapeTaskLogRow = typeof scrapeTaskLogs.$inferSelect;

/**
 * One row per raw item of a result file, in the file's order: where its raw record sits in
 * the stored file (a byte range, so one item is read without the rest) and, for the items
 * the actor's mapping kept, the fields the downloader lists, filters and sorts by. The file
 * holds each raw item once, as Apify returned it; these rows are its index.
 */
export const resultItems = pgTable(
  'result_items',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => scrapeTasks.id, { onDelete: 'cascade' }),
    /** 0-based place of the raw item in the file. */
    position: integer('position').notNull(),
    /** Byte offset and length of the raw item's JSON in the stored file; null for files of the old shape. */
    rawStart: bigint('raw_start', { mode: 'number' }),
    rawLength: integer('raw_length'),
    /** The video item's id; null when the mapping left the raw item out (see skipReason). */
    itemId: text('item_id'),
    skipReason: text('skip_reason', { enum: ['notVideo', 'noUrl', 'duplicate', 'invalid'] }),
    title: text('title').notNull().default(''),
    /** Trimmed, lower-cased title: what "hide duplicates" compares. */
    titleKey: text('title_key').notNull().default(''),
    author: text('author').notNull().default(''),
    url: text('url').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    duration: doublePrecision('duration'),
    playCount: bigint('play_count', { mode: 'number' }),
    likeCount: bigint('like_count', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    /**
     * "Hide duplicates" ranked once, when the index is written (setResultMapping): for a title
     * key (non-empty) that more than one listed item of the task has, each such row's place
     * among them in file order (1, 2, ...); null for every other row. Without a duration filter
     * a duplicate is a row ranked 2 or more; with one, only the ranked rows are looked at again.
     */
    titleRank: integer('title_rank'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.position] }),
    uniqueIndex('result_items_item_idx').on(t.taskId, t.itemId),
    index('result_items_title_key_idx').on(t.taskId, t.titleKey, t.position),
    index('result_items_repeated_idx').on(t.taskId, t.titleKey, t.position).where(sql`${t.titleRank} is not null`),
    // The items page sorted by plays, most first (the downloader's "populer"), read in order
    // instead of sorting the whole file.
    index('result_items_plays_idx').on(t.taskId, t.playCount.desc().nullsLast(), t.position),
  ],
);
export type ResultItemRow = typeof resultItems.$inferSelect;
