import { z } from 'zod';
import { IsoDateTimeSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const AnalyticsSchema = z.object({
  totalDownloads: z.number().int(),
  downloadsLast7Days: z.number().int(),
  downloadsLast30Days: z.number().int(),
  /** Percent of finished downloads that succeeded, one decimal; 0 when none finished. */
  successRate: z.number(),
  /** Size of the stored files, formatted ("1.2 GB"), and in bytes. */
  storageEstimate: z.string(),
  storageBytes: z.number(),
  /** Admins only. */
  totalUsers: z.number().int().optional(),
  downloadsByPlatform: z.array(z.object({ platform: z.string(), count: z.number().int() })),
  /** The last 7 Jakarta days, oldest first, zeros included. */
  dailyDownloads: z.array(z.object({ date: z.iso.date(), downloads: z.number().int() })),
  recentDownloads: z.array(
    z.object({ platform: z.string(), title: z.string(), createdAt: IsoDateTimeSchema, username: z.string().optional() }),
  ),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const analyticsEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/dashboard',
    access: 'user',
    summary: "Download figures: the caller's, or everyone's with user totals for admins.",
    tags: ['analytics'],
    response: AnalyticsSchema,
  }),
};
