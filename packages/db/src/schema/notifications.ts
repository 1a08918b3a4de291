import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** One notification per event even when a job runs twice (`scrape:<task id>`, ...). */
    dedupeKey: text('dedupe_key').notNull(),
    /** The app page the notification is about (`/history`, `/youtube/history`, ...); null: none. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A visitor's request to delete their data (the public data-deletion page). */
export const deletionRequests = pgTable('deletion_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  /** Who asked, for the per-address limit on this public form. */
  ip: text('ip').notNull(),
  /** `received` (baru), `in_progress` (diproses), `done` (selesai). */
  status: text('status').notNull().default('received'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
});
export type DeletionRequestRow = typeof deletionRequests.$inferSelect;
