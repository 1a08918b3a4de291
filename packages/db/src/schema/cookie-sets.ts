import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Cookies per platform, the JSON list sealed with SECRETS_KEY (AES-256-GCM). */
export const cookieSets = pgTable('cookie_sets', {
  platform: text('platform').primaryKey(),
  sealedCookies: text('sealed_cookies').notNull(),
  /** Downloads take the platform's cookies in turn: this counts the turns taken. */
  rotation: integer('rotation').notNull().default(0),
  /** When this platform's list was last saved with a change (a save that keeps it leaves it). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last time a download or preview with these cookies hit a login wall or bot check. */
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  /** What the platform answered then, in the admins' words; cleared when the list changes. */
  lastFailure: text('last_failure'),
});
export type CookieSetRow = typeof cookieSets.$inferSelect;
