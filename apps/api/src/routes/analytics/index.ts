import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { formatBytes } from '@scrapper/contracts/http/files';
import { dashboardFigures } from '@scrapper/db/queries/analytics';
import { defineRoute } from '../../lib/define-route.ts';
import { requireUser } from '../../plugins/access.ts';
import type { AppDeps } from '../../app.ts';

export function analyticsRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.analytics.dashboard, async ({ request }) => {
    const user = requireUser(request);
    const isAdmin = user.role === 'admin';
    const f = await dashboardFigures(database.db, isAdmin ? null : user.id);
    const finished = f.totalDownloads + f.failedDownloads;
    return {
      totalDownloads: f.totalDownloads,
      downloadsLast7Days: f.downloadsLast7Days,
      downloadsLast30Days: f.downloadsLast30Days,
      successRate: finished === 0 ? 0 : Math.round((f.totalDownloads / finished) * 1000) / 10,
      storageEstimate: formatBytes(f.storageBytes),
      storageBytes: f.storageBytes,
      ...(isAdmin ? { totalUsers: f.totalUsers } : {}),
      downloadsByPlatform: f.byPlatform,
      dailyDownloads: f.daily,
      recentDownloads: f.recent.map((r) => ({
        platform: r.platform,
        title: r.title,
        createdAt: r.createdAt.toISOString(),
        ...(isAdmin ? { username: r.username } : {}),
      })),
    };
  });
}
