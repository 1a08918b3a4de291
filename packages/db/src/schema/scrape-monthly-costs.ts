import { index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * A member's Apify spending per Jakarta month, kept by triggers on `scrape_tasks` in the same
 * transaction as the change (migration 0015, like scrape_library_totals of 0014). The analytics
 * dashboard's cost panel reads twelve rows per member instead of every task of the year: for a
 * member with 100,000 tasks that was 140 ms a visit, for an admin over 1,000,000 tasks seconds.
 * A task counts when it started an Apify run; its month is that of its creation, in WIB.
 */
export const scrapeMonthlyCosts = pgTable(
  'scrape_monthly_costs',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `yyyy-MM` of the Jakarta month the tasks were created in. */
    month: text('month').notNull(),
    /** Tasks that started an Apify run. */
    runs: integer('runs').notNull().default(0),
    /** Of those, the ones whose cost Apify reported. */
    runsWithCost: integer('runs_with_cost').notNull().default(0),
    /** The reported costs added up (numeric, like the tasks' numeric(12,6)). */
    totalUsd: numeric('total_usd', { precision: 18, scale: 6 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.month] }),
    // A month's highest spenders for the admin's cost table: a short index walk per month
    // (migration 0021) instead of sorting every member's months.
    index('scrape_monthly_costs_month_cost_idx').on(t.month, t.totalUsd.desc(), t.ownerId),
  ],
);
export type ScrapeMonthlyCostsRow = typeof scrapeMonthlyCosts.$inferSelect;
