import { bigint, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * A member's library per platform, kept by triggers on `downloads` in the same transaction as
 * the change (migration 0013_large_lists, like the analytics roll-ups of 0006), so the file
 * manager's and the history's stats read a handful of rows instead of counting 100,000 (or, for
 * an admin, 1,000,000) downloads on every page.
 */
export const downloadLibraryTotals = pgTable(
  'download_library_totals',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** Files in the file manager: completed, with a storage key, not deleted. */
    files: integer('files').notNull().default(0),
    /** Their recorded sizes. */
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    /** Entries in the history: queued, running or completed, not hidden. */
    historyEntries: integer('history_entries').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'download_library_totals_pkey', columns: [t.ownerId, t.platform] })],
);
export type DownloadLibraryTotalsRow = typeof downloadLibraryTotals.$inferSelect;
