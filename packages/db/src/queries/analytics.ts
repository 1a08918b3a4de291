import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Jakarta is UTC+7 all year: a Jakarta day starts at 17:00 UTC the day before. The roll-ups'
 * `jakarta_day()` (migration 0006) uses the same fixed offset.
 */
const JAKARTA_OFFSET_HOURS = 7;

export function jakartaDate(at: Date): string {
  return new Date(at.getTime() + JAKARTA_OFFSET_HOURS * 3600_000).toISOString().slice(0, 10);
}

/** The instant the Jakarta day `daysAgo` days before `now`'s day began. */
export function jakartaDayStartBefore(now: Date, daysAgo: number): Date {
  const today = jakartaDate(now);
  const midnightUtc = Date.parse(`${today}T00:00:00Z`);
  return new Date(midnightUtc - JAKARTA_OFFSET_HOURS * 3600_000 - daysAgo * 24 * 3600_000);
}

export interface DashboardFigures {
  totalDownloads: number;
  downloadsLast7Days: number;
  downloadsLast30Days: number;
  failedDownloads: number;
  storageBytes: number;
  byPlatform: Array<{ platform: string; count: number }>;
  daily: Array<{ date: string; downloads: number }>;
  recent: Array<{ platform: string; title: string; createdAt: Date; username: string }>;
  totalUsers: number;
}

/**
 * Everything the analytics dashboard shows, for one member (or everyone when `ownerId` is
 * null). Only completed downloads count as downloads. The counts and bytes come from the
 * daily roll-ups that triggers keep in step with `downloads` (migration 0006): a member's
 * from `download_daily_stats`, everyone's from `download_daily_totals`, whose size depends
 * on days, not on rows. The newest downloads come from `downloads` through its created_at
 * indexes (newest first, stopping at the tenth completed one).
 */
export async function dashboardFigures(db: Db, ownerId: string | null, now = new Date()): Promise<DashboardFigures> {
  const since7 = jakartaDayStartBefore(now, 6);
  // Windows start at a Jakarta midnight, so "created at or after the instant" is "on or after its day".
  const day7 = sql`${jakartaDate(since7)}::date`;
  const day30 = sql`${jakartaDate(jakartaDayStartBefore(now, 29))}::date`;
  const rollUp = ownerId ? sql`download_daily_stats` : sql`download_daily_totals`;
  const scope = ownerId ? sql`owner_id = ${ownerId}` : sql`true`;
  const [totalsResult, platformRows, dailyRows, recentRows, userRows] = await Promise.all([
    db.execute<{ total: number; last7: number; last30: number; failed: number; bytes: string }>(sql`
      select
        coalesce(sum(downloads) filter (where status = 'completed'), 0)::int as total,
        coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day7}), 0)::int as last7,
        coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day30}), 0)::int as last30,
        coalesce(sum(downloads) filter (where status = 'failed'), 0)::int as failed,
        coalesce(sum(stored_bytes) filter (where status = 'completed'), 0)::text as bytes
      from ${rollUp} where ${scope}`),
    // A key whose downloads all went away (a deleted user, a status change) stays as a zero row.
    db.execute<{ platform: string; count: number }>(sql`
      select platform, sum(downloads)::int as count from ${rollUp} where ${scope} and status = 'completed'
      group by platform having sum(downloads) > 0 order by count desc, platform`),
    db.execute<{ date: string; downloads: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as date, sum(downloads)::int as downloads
      from ${rollUp} where ${scope} and status = 'completed' and day >= ${day7}
      group by day`),
    // `nulls last` because the indexes are `created_at desc nulls last` and plain `desc` means
    // nulls first: without it PostgreSQL cannot walk the index (created_at is never null, but
    // the planner does not use that) and sorts every row instead, 260 ms of the admin's 1M.
    db.execute<{ platform: string; title: string; created_at: string; username: string }>(sql`
      select d.platform, d.title, d.created_at, u.username from downloads d join users u on u.id = d.owner_id
      where ${ownerId ? sql`d.owner_id = ${ownerId}` : sql`true`} and d.status = 'completed'
      order by d.created_at desc nulls last limit 10`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from users`),
  ]);
  const totals = totalsResult[0];
  const byDate = new Map(dailyRows.map((r) => [r.date, r.downloads]));
  const daily = Array.from({ length: 7 }, (_, i) => {
    const date = jakartaDate(new Date(since7.getTime() + i * 24 * 3600_000 + 3600_000));
    return { date, downloads: byDate.get(date) ?? 0 };
  });
  return {
    totalDownloads: totals?.total ?? 0,
    downloadsLast7Days: totals?.last7 ?? 0,
    downloadsLast30Days: totals?.last30 ?? 0,
    failedDownloads: totals?.failed ?? 0,
    storageBytes: Number(totals?.bytes ?? 0),
    byPlatform: [...platformRows],
    daily,
    recent: recentRows.map((r) => ({ platform: r.platform, title: r.title, createdAt: new Date(r.created_at), username: r.username })),
    totalUsers: userRows[0]?.n ?? 0,
  };
}
