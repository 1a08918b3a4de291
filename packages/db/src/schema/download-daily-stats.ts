import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The download statuses the analytics figures read; queued, running and cancelled rows are not rolled up. */
export type RolledUpDownloadStatus = 'completed' | 'failed';

/*
 * Daily roll-ups of `downloads` for the analytics dashboard, kept by triggers on `downloads`
 * in the same transaction as the change (migration 0006_analytics_rollup_triggers), so they
 * never lag and no writer has to remember them. `day` is the Jakarta (UTC+7) date of
 * `created_at`; `stored_bytes` sums the sizes of files not deleted.
 */

/** The columns both roll-ups share (fresh builders for each table). */
function rolledUpColumns() {
  return {
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    status: text('status').$type<RolledUpDownloadStatus>().notNull(),
    downloads: integer('downloads').notNull(),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull(),
  };
}

/** One member's downloads per Jakarta day, platform and status: a member's dashboard. */
export const downloadDailyStats = pgTable(
  'download_daily_stats',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...rolledUpColumns(),
  },
  (t) => [
    primaryKey({
      name: 'download_daily_stats_pkey',
      columns: [t.ownerId, t.day, t.platform, t.status],
    }),
    check('download_daily_stats_status_check', sql`${t.status} in ('completed', 'failed')`),
  ],
);
export type DownloadDailyStatsRow = typeof downloadDailyStats.$inferSelect;

/**
 * Everyone's downloads per Jakarta day, platform and status: the admin dashboard. Its size
 * grows with days, not with users or downloads, so the admin view stays constant-time.
 */
export const downloadDailyTotals = pgTable(
  'download_daily_totals',
  {
    ...rolledUpColumns(),
  },
  (t) => [
    primaryKey({ name: 'download_daily_totals_pkey', columns: [t.day, t.platform, t.status] }),
    check('download_daily_totals_status_check', sql`${t.status} in ('completed', 'failed')`),
  ],
);
export type DownloadDailyTotalsRow = typeof downloadDailyTotals.$inferSelect;
