import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** Jakarta is UTC+7 all year: a Jakarta day starts at 17:00 UTC the day before. */
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
 * Everything the analytics dashboard shows, computed in SQL over the downloads of one member
 * (or of everyone when `ownerId` is null). Only completed downloads count as downloads.
 */
export async function dashboardFigures(db: Db, ownerId: string | null, now = new Date()): Promise<DashboardFigures> {
  const since7 = jakartaDayStartBefore(now, 6);
  const since30 = jakartaDayStartBefore(now, 29);
  // Raw statements take instants as text: drizzle leaves Date serialisation to its columns.
  const from7 = sql`${since7.toISOString()}::timestamptz`;
  const from30 = sql`${since30.toISOString()}::timestamptz`;
  const scope = ownerId ? sql`owner_id = ${ownerId}` : sql`true`;
  const [totalsResult, platformRows, dailyRows, recentRows, userRows] = await Promise.all([
    db.execute<{ total: number; last7: number; last30: number; failed: number; bytes: string }>(sql`
      select
        count(*) filter (where status = 'completed')::int as total,
        count(*) filter (where status = 'completed' and created_at >= ${from7})::int as last7,
        count(*) filter (where status = 'completed' and created_at >= ${from30})::int as last30,
        count(*) filter (where status = 'failed')::int as failed,
        coalesce(sum(size_bytes) filter (where status = 'completed' and file_deleted_at is null), 0)::text as bytes
      from downloads where ${scope}`),
    db.execute<{ platform: string; count: number }>(sql`
      select platform, count(*)::int as count from downloads
      where ${scope} and status = 'completed' group by platform order by count desc, platform`),
    db.execute<{ date: string; downloads: number }>(sql`
      select to_char((created_at at time zone 'UTC') + interval '${sql.raw(String(JAKARTA_OFFSET_HOURS))} hours', 'YYYY-MM-DD') as date,
             count(*)::int as downloads
      from downloads where ${scope} and status = 'completed' and created_at >= ${from7}
      group by 1`),
    db.execute<{ platform: string; title: string; created_at: string; username: string }>(sql`
      select d.platform, d.title, d.created_at, u.username from downloads d join users u on u.id = d.owner_id
      where ${ownerId ? sql`d.owner_id = ${ownerId}` : sql`true`} and d.status = 'completed'
      order by d.created_at desc limit 10`),
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
