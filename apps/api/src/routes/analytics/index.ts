import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { formatBytes } from '@scrapper/contracts/http/files';
import { SCRAPE_COST_MONTHS } from '@scrapper/contracts/http/analytics';
import { displayTitle } from '@scrapper/contracts/rules/readable-file-name';
import { dashboardFigures, scrapeCostFigures } from '@scrapper/db/queries/analytics';
import { defineRoute } from '../../lib/define-route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ownerScope } from '../../lib/owner-scope.ts';

export function analyticsRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.analytics.dashboard, async ({ user }) => {
    const scope = ownerScope(user);
    const isAdmin = scope === null;
    const [f, costs] = await Promise.all([
      dashboardFigures(database.db, scope),
      scrapeCostFigures(database.db, scope, SCRAPE_COST_MONTHS),
    ]);
    const finished = f.totalDownloads + f.failedDownloads;
    return {
      totalDownloads: f.totalDownloads,
      downloadsLast7Days: f.downloadsLast7Days,
      downloadsLast30Days: f.downloadsLast30Days,
      successRate: finished === 0 ? null : Math.round((f.totalDownloads / finished) * 1000) / 10,
      storageEstimate: formatBytes(f.storageBytes),
      storageBytes: f.storageBytes,
      ...(isAdmin ? { totalUsers: f.totalUsers } : {}),
      downloadsByPlatform: f.byPlatform,
      postsByDestination: f.postsByDestination,
      dailyDownloads: f.daily,
      recentDownloads: f.recent.map((r) => ({
        platform: r.platform,
        // As Riwayat shows it: rows stored before titles were decided at creation may hold an id.
        title: displayTitle(r),
        createdAt: r.createdAt.toISOString(),
        ...(isAdmin ? { username: r.username } : {}),
      })),
      // Members: their own months. Admins: everyone's, and each member's.
      scrapeCosts: {
        monthly: costs.monthly,
        ...(isAdmin ? { byMember: costs.byMember } : {}),
      },
    };
  });
}
