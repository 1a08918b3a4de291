import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

/** A month in Jakarta time, `yyyy-MM`. */
export const JakartaMonthSchema = z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/);

/** Apify spending of one Jakarta month (by when each task was created). */
export const MonthlyScrapeCostSchema = z.object({
  month: JakartaMonthSchema,
  /** Sum of the known run costs, USD; 0 when there were none. */
  totalUsd: z.number().min(0),
  /** Scrape tasks created that month that started an Apify run. */
  runs: z.number().int().min(0),
  /** Of those, runs whose cost Apify did not report (not counted in totalUsd). */
  runsWithoutCost: z.number().int().min(0),
  /** Admins' everyone-months only: how many members started a run that month. */
  members: z.number().int().min(0).optional(),
});
export type MonthlyScrapeCost = z.infer<typeof MonthlyScrapeCostSchema>;

/** Scraping costs (Apify runs), the last SCRAPE_COST_MONTHS Jakarta months, oldest first. */
export const ScrapeCostsSchema = z.object({
  /** The caller's own months (members), or everyone's (admins); zeros included. */
  monthly: z.array(MonthlyScrapeCostSchema),
  /**
   * Admins only, by username, each with their months as above: the members among the
   * SCRAPE_COST_TOP_MEMBERS highest of at least one month (the per-member table shows a month's
   * highest; `monthly[].members` says how many there were). The answer stays small with
   * thousands of members.
   */
  byMember: z
    .array(z.object({ userId: UuidSchema, username: z.string(), monthly: z.array(MonthlyScrapeCostSchema) }))
    .optional(),
});
export type ScrapeCosts = z.infer<typeof ScrapeCostsSchema>;

/** The current Jakarta month and the five before it. */
export const SCRAPE_COST_MONTHS = 6;

/** Members listed per month in the admin's cost table (the highest costs). */
export const SCRAPE_COST_TOP_MEMBERS = 50;

export const AnalyticsSchema = z.object({
  totalDownloads: z.number().int(),
  downloadsLast7Days: z.number().int(),
  downloadsLast30Days: z.number().int(),
  /** Percent of finished downloads that succeeded, one decimal; null when none finished (nothing to count). */
  successRate: z.number().nullable(),
  /** Size of the stored files, formatted ("1.2 GB"), and in bytes. */
  storageEstimate: z.string(),
  storageBytes: z.number(),
  /** Admins only. */
  totalUsers: z.number().int().optional(),
  downloadsByPlatform: z.array(z.object({ platform: z.string(), count: z.number().int() })),
  /** Posts that reached each destination (youtube, tiktok, instagram, facebook), most first (issue 33). */
  postsByDestination: z.array(z.object({ platform: z.string(), count: z.number().int() })),
  /** The last 7 Jakarta days, oldest first, zeros included. */
  dailyDownloads: z.array(z.object({ date: z.iso.date(), downloads: z.number().int() })),
  recentDownloads: z.array(
    z.object({ platform: z.string(), title: z.string(), createdAt: IsoDateTimeSchema, username: z.string().optional() }),
  ),
  scrapeCosts: ScrapeCostsSchema,
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const analyticsEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/dashboard',
    access: 'user',
    summary: "Download figures and monthly Apify costs: the caller's, or everyone's with user totals and costs per member for admins.",
    tags: ['analytics'],
    response: AnalyticsSchema,
  }),
};
