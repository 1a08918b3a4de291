import type postgres from 'postgres';
import { SCRAPE_COST_TOP_MEMBERS } from '@scrapper/contracts/http/analytics';
import { addDays, jakartaDate, jakartaDayNumber, jakartaDayStart } from '@scrapper/contracts/rules/jakarta-time';
import type { Db } from '../client.ts';

/**
 * The dashboard's statements go through postgres.js's tagged templates on drizzle's own client
 * (the same pool, the same type parsers: timestamps come back as text), not drizzle's `sql`
 * builder: the dashboard is read on every visit and its fixed cost is the point (issue 16).
 * A tagged template is parsed once per call site and always sent as a prepared statement, so
 * PostgreSQL plans each of these once per connection, the admin's parameterless ones included
 * (drizzle sends those unprepared), and no query object tree is built per request.
 */
function clientOf(db: Db): postgres.Sql {
  return db.$client as unknown as postgres.Sql;
}

/**
 * The instant the Jakarta day `daysAgo` days before `now`'s day began. Jakarta is UTC+7 all
 * year (contracts' jakarta-time); the roll-ups' `jakarta_day()` (migration 0006) uses the
 * same fixed offset.
 */
export function jakartaDayStartBefore(now: Date, daysAgo: number): Date {
  return jakartaDayStart(addDays(jakartaDate(now), -daysAgo));
}

/**
 * `compute` memoised for one Jakarta day and one key: the dashboard's windows (the last 7 and 30
 * days, the cost months) are the same all day, and working them out on every visit took some
 * twenty date conversions a request (3-4 % of the route's CPU in the profile, docs/benchmarks.md).
 */
function oncePerJakartaDay<K, T>(compute: (now: Date, key: K) => T): (now: Date, key: K) => T {
  let cached: { day: number; key: K; value: T } | undefined;
  return (now, key) => {
    const day = jakartaDayNumber(now);
    if (cached?.day !== day || cached.key !== key) cached = { day, key, value: compute(now, key) };
    return cached.value;
  };
}

/** The first day of the last 7 and of the last 30 (yyyy-MM-dd, today included), and the last 7 days, oldest first. */
const dashboardDays = oncePerJakartaDay((now: Date, _key: void) => {
  // Windows start at a Jakarta midnight, so "created at or after the instant" is "on or after its day".
  const today = jakartaDate(now);
  return { day7: addDays(today, -6), day30: addDays(today, -29), week: Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)) };
});

export interface DashboardFigures {
  totalDownloads: number;
  downloadsLast7Days: number;
  downloadsLast30Days: number;
  failedDownloads: number;
  storageBytes: number;
  byPlatform: Array<{ platform: string; count: number }>;
  /** Targets of publish posts that reached their platform (published or in the TikTok inbox), by destination. */
  postsByDestination: Array<{ platform: string; count: number }>;
  daily: Array<{ date: string; downloads: number }>;
  recent: Array<{ platform: string; title: string; author: string; sourceItemId: string; createdAt: Date; username: string }>;
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
  const sql = clientOf(db);
  const { day7, day30, week } = dashboardDays(now);
  const rollUp = ownerId ? sql`download_daily_stats` : sql`download_daily_totals`;
  const scope = ownerId ? sql`owner_id = ${ownerId}` : sql`true`;
  const [totalsResult, platformRows, dailyRows, recentRows, postRows] = await Promise.all([
    // The number of users rides along (the admin's figure): one round trip less.
    sql<Array<{ total: number; last7: number; last30: number; failed: number; bytes: string; users: number }>>`
      select
        coalesce(sum(downloads) filter (where status = 'completed'), 0)::int as total,
        coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day7}::date), 0)::int as last7,
        coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day30}::date), 0)::int as last30,
        coalesce(sum(downloads) filter (where status = 'failed'), 0)::int as failed,
        coalesce(sum(stored_bytes) filter (where status = 'completed'), 0)::text as bytes,
        (select count(*)::int from users) as users
      from ${rollUp} where ${scope}`,
    // A key whose downloads all went away (a deleted user, a status change) stays as a zero row.
    sql<Array<{ platform: string; count: number }>>`
      select platform, sum(downloads)::int as count from ${rollUp} where ${scope} and status = 'completed'
      group by platform having sum(downloads) > 0 order by count desc, platform`,
    sql<Array<{ date: string; downloads: number }>>`
      select to_char(day, 'YYYY-MM-DD') as date, sum(downloads)::int as downloads
      from ${rollUp} where ${scope} and status = 'completed' and day >= ${day7}::date
      group by day`,
    // `nulls last` because the indexes are `created_at desc nulls last` and plain `desc` means
    // nulls first: without it PostgreSQL cannot walk the index (created_at is never null, but
    // the planner does not use that) and sorts every row instead, 260 ms of the admin's 1M.
    sql<Array<{ platform: string; title: string; author: string; source_item_id: string; created_at: string; username: string }>>`
      select d.platform, d.title, d.author, d.source_item_id, d.created_at, u.username from downloads d join users u on u.id = d.owner_id
      where ${ownerId ? sql`d.owner_id = ${ownerId}` : sql`true`} and d.status = 'completed'
      order by d.created_at desc nulls last limit 10`,
    // Publishing (issue 33): per destination, through publish_posts_user_idx for a member.
    sql<Array<{ platform: string; count: number }>>`
      select t.platform, count(*)::int as count from publish_targets t join publish_posts p on p.id = t.post_id
      where ${ownerId ? sql`p.user_id = ${ownerId}` : sql`true`} and t.status in ('published', 'sent_to_inbox')
      group by t.platform order by count desc, t.platform`,
  ]);
  const totals = totalsResult[0];
  const byDate = new Map(dailyRows.map((r) => [r.date, r.downloads]));
  const daily = week.map((date) => ({ date, downloads: byDate.get(date) ?? 0 }));
  return {
    totalDownloads: totals?.total ?? 0,
    downloadsLast7Days: totals?.last7 ?? 0,
    downloadsLast30Days: totals?.last30 ?? 0,
    failedDownloads: totals?.failed ?? 0,
    storageBytes: Number(totals?.bytes ?? 0),
    byPlatform: [...platformRows],
    postsByDestination: [...postRows],
    daily,
    recent: recentRows.map((r) => ({ platform: r.platform, title: r.title, author: r.author, sourceItemId: r.source_item_id, createdAt: new Date(r.created_at), username: r.username })),
    totalUsers: totals?.users ?? 0,
  };
}

/** `yyyy-MM` of a Jakarta month and the instant it began. */
export interface JakartaMonth {
  month: string;
  start: Date;
}

/** The Jakarta month `monthsAgo` months before the one `now` is in (0: the current one). */
export function jakartaMonthBefore(now: Date, monthsAgo: number): JakartaMonth {
  const [year = 1970, month = 1] = jakartaDate(now).split('-').map(Number);
  const index = year * 12 + (month - 1) - monthsAgo;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const yearMonth = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  return { month: yearMonth, start: jakartaDayStart(`${yearMonth}-01`) };
}

export interface MonthCost {
  month: string;
  totalUsd: number;
  runs: number;
  runsWithoutCost: number;
  /** Everyone's months: members who started a run that month. */
  members?: number;
}

export interface ScrapeCostFigures {
  /** The months covered, oldest first. */
  months: string[];
  /** The member's months, or everyone's (with how many members) when no member is given. */
  monthly: MonthCost[];
  /**
   * Only when no member is given: the members among the `topMembers` highest of at least one
   * month of the window, by username, with all their months.
   */
  byMember: Array<{ userId: string; username: string; monthly: MonthCost[] }>;
}

type MonthCostRow = {
  month: string;
  total_usd: string;
  runs: number;
  without_cost: number;
};

/**
 * Apify spending per Jakarta month (by when each task was created; a run that started on the
 * last evening of a month counts for that month), for the `monthCount` months up to `now`'s.
 * Only tasks that started a run count. Read from the monthly roll-up the triggers keep
 * (scrape_monthly_costs, migration 0015): twelve rows a member, whatever their number of tasks.
 */
export async function scrapeCostFigures(
  db: Db,
  ownerId: string | null,
  monthCount: number,
  now = new Date(),
  topMembers = SCRAPE_COST_TOP_MEMBERS,
): Promise<ScrapeCostFigures> {
  const sql = clientOf(db);
  const months = monthsUpTo(now, monthCount);
  const since = months[0] ?? jakartaMonthBefore(now, 0).month;
  if (ownerId !== null) {
    const rows = await sql<MonthCostRow[]>`
      select month, total_usd::text as total_usd, runs, runs - runs_with_cost as without_cost
      from scrape_monthly_costs where owner_id = ${ownerId} and month >= ${since} and runs <> 0`;
    return { months, monthly: fillMonths(months, rows), byMember: [] };
  }
  // Everyone's months from the whole roll-up; the members listed are each month's highest
  // (thousands of members would otherwise make the answer thousands of rows long).
  const [totals, rows] = await Promise.all([
    sql<Array<MonthCostRow & { members: number }>>`
      select month, sum(total_usd)::text as total_usd, sum(runs)::int as runs,
        sum(runs - runs_with_cost)::int as without_cost, count(*)::int as members
      from scrape_monthly_costs where month >= ${since} and runs <> 0
      group by month`,
    // Each month's highest: a walk down the 0021 index per month (ties by owner id).
    sql<Array<MonthCostRow & { user_id: string; username: string }>>`
      with top as (
        select distinct t.owner_id
        from unnest(${months}::text[]) as m(month)
        cross join lateral (
          select c.owner_id from scrape_monthly_costs c
          where c.month = m.month and c.runs <> 0
          order by c.total_usd desc nulls last, c.owner_id
          limit ${topMembers}
        ) t
      )
      select u.id as user_id, u.username, c.month, c.total_usd::text as total_usd, c.runs, c.runs - c.runs_with_cost as without_cost
      from top join users u on u.id = top.owner_id
      join scrape_monthly_costs c on c.owner_id = top.owner_id and c.month >= ${since} and c.runs <> 0
      order by lower(u.username), u.id`,
  ]);
  const byUser = new Map<string, { userId: string; username: string; rows: MonthCostRow[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? { userId: row.user_id, username: row.username, rows: [] };
    entry.rows.push(row);
    byUser.set(row.user_id, entry);
  }
  const byMember = [...byUser.values()].map((entry) => ({ userId: entry.userId, username: entry.username, monthly: fillMonths(months, entry.rows) }));
  const membersIn = new Map(totals.map((row) => [row.month, row.members]));
  const monthly = fillMonths(months, totals).map((cost) => ({ ...cost, members: membersIn.get(cost.month) ?? 0 }));
  return { months, monthly, byMember };
}

/** The `count` Jakarta months up to `now`'s, oldest first. */
const monthsUpTo = oncePerJakartaDay((now: Date, count: number) =>
  Array.from({ length: count }, (_, i) => jakartaMonthBefore(now, count - 1 - i).month),
);

/** Every month of the window, zeros where there is no row. */
function fillMonths(months: string[], rows: readonly MonthCostRow[]): MonthCost[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => {
    const row = byMonth.get(month);
    return { month, totalUsd: row ? roundUsd(Number(row.total_usd)) : 0, runs: row?.runs ?? 0, runsWithoutCost: row?.without_cost ?? 0 };
  });
}

/** Costs are stored to the millionth (numeric(12,6)); sums of them stay there. */
function roundUsd(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
