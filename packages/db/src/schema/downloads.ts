import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type DownloadStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export type DownloadQuality = 'best' | '1080p' | '720p' | 'audio-only';

/**
 * One downloaded (or downloading) video of a member: a history entry and, once completed,
 * a file in storage. Hiding from history and deleting the file are separate acts.
 */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    sourceItemId: text('source_item_id').notNull(),
    sourceUrl: text('source_url').notNull(),
    /** A direct media URL from the actor output, tried when yt-dlp cannot fetch the page. */
    directUrl: text('direct_url'),
    resultFileName: text('result_file_name'),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    quality: text('quality').$type<DownloadQuality>().notNull(),
    status: text('status').$type<DownloadStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    mime: text('mime'),
    /** One Indonesian sentence: what happened and what to do. */
    error: text('error'),
    /** The service's own words (yt-dlp's reason), shown under "Detail". */
    errorDetail: text('error_detail'),
    batchId: uuid('batch_id'),
    /** The download this one fetches again ("Unduh Ulang" after the file was deleted). */
    redownloadOf: uuid('redownload_of'),
    /** Raw video item, for "Copy Data Lengkap" and re-downloads. */
    item: jsonb('item'),
    hiddenFromHistoryAt: timestamp('hidden_from_history_at', { withTimezone: true }),
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
    /**
     * When the file was found gone from storage behind the product's back (a read that found no
     * file, or the maintenance sweep); null: present as far as the product knows. The files list
     * shows "File hilang" from this instead of asking the storage for every row of a page.
     * Cleared when the file is written again or the sweep finds it back.
     */
    fileMissingAt: timestamp('file_missing_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('downloads_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('downloads_created_idx').on(t.createdAt.desc()),
    index('downloads_owner_platform_created_idx').on(t.ownerId, t.platform, t.createdAt.desc()),
    index('downloads_owner_title_idx').on(t.ownerId, t.title),
    index('downloads_owner_author_idx').on(t.ownerId, t.author),
    // The file manager lists a member's files still on disk, newest first: without this it walked
    // every download of the member (most of them long swept) to find them.
    index('downloads_owner_live_files_idx')
      .on(t.ownerId, t.createdAt.desc())
      .where(sql`${t.status} = 'completed' and ${t.storageKey} is not null and ${t.fileDeletedAt} is null`),
    // Large libraries (issue 16): one partial index per file-manager order, for a member and for
    // an admin over everyone, read forwards or backwards (desc is the asc list reversed). The
    // platform ones end with size_bytes (drizzle has no INCLUDE) so the library summary (count and bytes per platform) is an
    // index-only scan.
    index('downloads_owner_live_title_idx')
      .on(t.ownerId, t.title, t.id)
      .where(sql`${t.status} = 'completed' and ${t.storageKey} is not null and ${t.fileDeletedAt} is null`),
    index('downloads_owner_live_platform_idx')
      .on(t.ownerId, t.platform, t.createdAt.desc(), t.id.desc(), t.sizeBytes)
      .where(sql`${t.status} = 'completed' and ${t.storageKey} is not null and ${t.fileDeletedAt} is null`),
    index('downloads_live_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed' and ${t.storageKey} is not null and ${t.fileDeletedAt} is null`),
    index('downloads_live_title_idx')
      .on(t.title, t.id)
      .where(sql`${t.status} = 'completed' and ${t.storageKey} is not null and ${t.fileDeletedAt} is null`),
    index('downloads_live_platform_idx')
      .on(t.platform, t.createdAt.desc(), t.id.desc(), t.sizeBytes)
      .where(sql`${t.status} = 'completed' and ${t.storageKey} is not null and ${t.fileDeletedAt} is null`),
    // The history's per-platform counts (its stats and total) over a member's or everyone's rows.
    index('downloads_owner_history_platform_idx')
      .on(t.ownerId, t.platform, t.createdAt.desc())
      .where(sql`${t.status} in ('queued', 'running', 'completed') and ${t.hiddenFromHistoryAt} is null`),
    index('downloads_history_platform_idx')
      .on(t.platform, t.createdAt.desc())
      .where(sql`${t.status} in ('queued', 'running', 'completed') and ${t.hiddenFromHistoryAt} is null`),
    index('downloads_batch_idx').on(t.batchId),
    // Two requests for the same item and quality share one download while it runs.
    uniqueIndex('downloads_one_active_per_item')
      .on(t.ownerId, t.platform, t.sourceItemId, t.quality)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('downloads_status_check', sql`${t.status} in ('queued', 'running', 'completed', 'failed', 'cancelled')`),
    check('downloads_quality_check', sql`${t.quality} in ('best', '1080p', '720p', 'audio-only')`),
  ],
);
export type DownloadRow = typeof downloads.$inferSelect;

export const downloadBatches = pgTable('download_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  resultFileName: text('result_file_name'),
  /** `result` (items of a result file) or `urls` ("Unduh dari URL": links the member pasted). */
  source: text('source').$type<'result' | 'urls'>().notNull().default('result'),
  quality: text('quality').$type<DownloadQuality>().notNull(),
  total: integer('total').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DownloadBatchRow = typeof downloadBatches.$inferSelect;

/** Preview clips, shared by everyone who previews the same item (same public video). */
export const previews = pgTable(
  'previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    sourceItemId: text('source_item_id').notNull(),
    sourceUrl: text('source_url').notNull(),
    directUrl: text('direct_url'),
    format: text('format').notNull(),
    maxDurationSecs: integer('max_duration_secs').notNull(),
    status: text('status').$type<DownloadStatus>().notNull().default('queued'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('previews_item_idx').on(t.platform, t.sourceItemId, t.format, t.maxDurationSecs)],
);
export type PreviewRow = typeof previews.$inferSelect;
