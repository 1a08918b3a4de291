import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * A member's scrape history and result files counted, kept by triggers on `scrape_tasks` in the
 * same transaction as the change (migration 0014, like download_library_totals of 0013), so the
 * scrape history's and the downloader's file list's totals read one row (a member) or a sum
 * over members (an admin) instead of counting 100,000 or 1,000,000 tasks on every page.
 */
export const scrapeLibraryTotals = pgTable('scrape_library_totals', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Tasks in the scrape history: finished (completed, failed, cancelled) and not hidden. */
  historyEntries: integer('history_entries').notNull().default(0),
  /** Result files the downloader lists: completed tasks with a result file. */
  resultFiles: integer('result_files').notNull().default(0),
});
export type ScrapeLibraryTotalsRow = typeof scrapeLibraryTotals.$inferSelect;
