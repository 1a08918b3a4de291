import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests per minute a platform gets from all workers together (downloads and previews), so
 * members' IPs and cookies are not banned. No row: no limit.
 */
export const platformRateLimits = pgTable(
  'platform_rate_limits',
  {
    platform: text('platform').primaryKey(),
    requestsPerMinute: integer('requests_per_minute').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_rate_limits_positive', sql`${t.requestsPerMinute} between 1 and 10000`)],
);
export type PlatformRateLimitRow = typeof platformRateLimits.$inferSelect;

/** Requests taken per platform and minute (fixed windows), shared by every worker process. */
export const platformRateUsage = pgTable(
  'platform_rate_usage',
  {
    platform: text('platform').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.platform, t.windowStart] })],
);
