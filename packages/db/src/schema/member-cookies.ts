import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's own cookies per platform, synced from their browser by the companion extension
 * (issue 17): the cookies.txt text sealed with SECRETS_KEY (AES-256-GCM). The member's
 * downloads use these before the admins' shared cookie_sets.
 */
export const memberCookies = pgTable(
  'member_cookies',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    sealedCookies: text('sealed_cookies').notNull(),
    cookieCount: integer('cookie_count').notNull(),
    /** The first expiry among the cookies that have one; null when all are session cookies. */
    earliestExpiry: timestamp('earliest_expiry', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a download last failed for cookie reasons, and the reason (cookie health). */
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    lastFailure: text('last_failure'),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.platform] })],
);
export type MemberCookiesRow = typeof memberCookies.$inferSelect;
