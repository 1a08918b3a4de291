import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Cookies per platform, the JSON list sealed with SECRETS_KEY (AES-256-GCM). */
export const cookieSets = pgTable('cookie_sets', {
  platform: text('platform').primaryKey(),
  sealedCookies: text('sealed_cookies').notNull(),
  /** Downloads take the platform's cookies in turn: this counts the turns taken. */
  rotation: integer('rotation').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CookieSetRow = typeof cookieSets.$inferSelect;
