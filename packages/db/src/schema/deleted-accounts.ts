import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Accounts deleted (Manajemen Pengguna's "Hapus", a deletion request's one-step removal),
 * written in the transaction that deleted the user row. Their rows went with the account; their
 * files (`downloads/`, `results/`, `uploads/`, `publish/` under the user id) are removed by the
 * next housekeeping sweep, which then sets `files_removed_at`. Only a recorded deletion removes
 * a folder: storage that merely lacks an account (a database restored from an older backup) is
 * never swept.
 */
export const deletedAccounts = pgTable(
  'deleted_accounts',
  {
    userId: uuid('user_id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    filesRemovedAt: timestamp('files_removed_at', { withTimezone: true }),
  },
  (t) => [index('deleted_accounts_files_pending_idx').on(t.deletedAt).where(sql`${t.filesRemovedAt} is null`)],
);

export type DeletedAccountRow = typeof deletedAccounts.$inferSelect;
