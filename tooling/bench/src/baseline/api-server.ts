// The baseline for the API overhead benchmark: bare Fastify + postgres.js running the same SQL
// the product issues for its lists and the analytics dashboard (copied from
// packages/db/src/queries: the statements drizzle renders, with the same filters, order, page
// and totals), with no auth, no validation, no schema serialization, no file checks. The
// caller is given by `?owner=<uuid>` (none: admin scope, everyone's rows). Pages are the
// product's default first page (offset 0, limit 50) unless `offset`/`limit` say otherwise.
// Pool size as the API's default (10). Started by the harness as its own process; it imports
// nothing of ours, so it costs what a bare server costs.
// Run: node src/baseline/api-server.ts   (DATABASE_URL, PORT)
import Fastify from 'fastify';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL ?? '', { max: Number(process.env.DB_POOL_MAX ?? 10), onnotice: () => {} });
const app = Fastify({ logger: false });

const JAKARTA_OFFSET_MS = 7 * 3600_000;
const jakartaDate = (at: Date) => new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
function jakartaDayStartBefore(now: Date, daysAgo: number): Date {
  const midnightUtc = Date.parse(`${jakartaDate(now)}T00:00:00Z`);
  return new Date(midnightUtc - JAKARTA_OFFSET_MS - daysAgo * 24 * 3600_000);
}
function jakartaMonthBefore(now: Date, monthsAgo: number): { month: string; start: Date } {
  const [year = 1970, month = 1] = jakartaDate(now).split('-').map(Number);
  const index = year * 12 + (month - 1) - monthsAgo;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return { month: `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`, start: new Date(Date.UTC(y, m - 1, 1) - JAKARTA_OFFSET_MS) };
}
const SCRAPE_COST_MONTHS = 6;
const SCRAPE_COST_TOP_MEMBERS = 50;

type Query = Record<string, string | undefined>;
const ownerOf = (q: Query) => q.owner || null;
const pageOf = (q: Query) => ({ offset: Number(q.offset ?? 0), limit: Number(q.limit ?? 50) });
const pagination = (offset: number, returned: number, total: number) => ({ total, hasMore: offset + returned < total });

app.get('/api/health', async () => ({ ok: true }));

// packages/db/src/queries/downloads.ts: listDownloadedFiles + summarizeDownloadedFiles.
app.get('/api/files', async (request) => {
  const q = request.query as Query;
  const owner = ownerOf(q);
  const { offset, limit } = pageOf(q);
  const live = sql`d.status = 'completed' and d.storage_key is not null and d.file_deleted_at is null ${owner ? sql`and d.owner_id = ${owner}` : sql``}`;
  const [files, summary] = await Promise.all([
    sql`select d.id, d.title, d.source_item_id, d.platform, d.author, d.storage_key, d.size_bytes, d.created_at,
          d.file_missing_at, u.username as owner_username
        from downloads d inner join users u on u.id = d.owner_id
        where ${live} order by d.created_at desc nulls last, d.id desc nulls last limit ${limit} offset ${offset}`,
    // The roll-up the triggers of migration 0013 keep (summarizeDownloadedFiles).
    sql`select platform, sum(files) as files, sum(file_bytes) as bytes from download_library_totals
        ${owner ? sql`where owner_id = ${owner}` : sql``} group by platform having sum(files) > 0 order by platform asc`,
  ]);
  const total = summary.reduce((n, p) => n + Number(p.files), 0);
  return { files, pagination: pagination(offset, files.length, total), stats: { totalFiles: total, platforms: summary } };
});

// packages/db/src/queries/downloads.ts: listDownloadHistory (the admin's view: every member's).
app.get('/api/media/history', async (request) => {
  const q = request.query as Query;
  const owner = ownerOf(q);
  const { offset, limit } = pageOf(q);
  const where = sql`d.status in ('queued', 'running', 'completed') and d.hidden_from_history_at is null ${owner ? sql`and d.owner_id = ${owner}` : sql``}`;
  const [rows, byPlatform] = await Promise.all([
    sql`select d.*, u.username as owner_username from downloads d inner join users u on u.id = d.owner_id
        where ${where} order by d.created_at desc nulls last, d.id desc limit ${limit} offset ${offset}`,
    // historyPerPlatform without dates or a search: the roll-up of migration 0013.
    sql`select platform, sum(history_entries) as n from download_library_totals
        ${owner ? sql`where owner_id = ${owner}` : sql``} group by platform having sum(history_entries) > 0 order by n desc, platform asc`,
  ]);
  const total = byPlatform.reduce((sum, p) => sum + Number(p.n), 0);
  return { history: rows, pagination: pagination(offset, rows.length, total), stats: { total, byPlatform } };
});

// packages/db/src/queries/scrape-tasks.ts: listScrapeHistory.
app.get('/api/scrape/history', async (request) => {
  const q = request.query as Query;
  const owner = ownerOf(q);
  const { offset, limit } = pageOf(q);
  const where = sql`t.state in ('completed', 'failed', 'cancelled') and t.hidden_at is null ${owner ? sql`and t.owner_id = ${owner}` : sql``}`;
  const [rows, counted] = await Promise.all([
    sql`select t.*, u.username as owner_username from scrape_tasks t inner join users u on u.id = t.owner_id
        where ${where} order by coalesce(t.finished_at, t.created_at) desc, t.id desc offset ${offset} limit ${limit}`,
    // The roll-up the triggers of migration 0014 keep.
    sql`select coalesce(sum(history_entries), 0)::int as total from scrape_library_totals ${owner ? sql`where owner_id = ${owner}` : sql``}`,
  ]);
  const total = (counted[0]?.total as number | undefined) ?? 0;
  return { history: rows, pagination: pagination(offset, rows.length, total) };
});

// packages/db/src/queries/result-items.ts: listResultFilesPage.
app.get('/api/data/files', async (request) => {
  const q = request.query as Query;
  const owner = ownerOf(q);
  const { offset, limit } = pageOf(q);
  const where = sql`t.state = 'completed' and t.result_file_name is not null ${owner ? sql`and t.owner_id = ${owner}` : sql``}`;
  const [counted, files] = await Promise.all([
    // Without a search: the roll-up of migration 0014.
    sql`select coalesce(sum(s.result_files), 0) as total from scrape_library_totals s where true ${owner ? sql`and s.owner_id = ${owner}` : sql``}`,
    sql`select t.result_file_name as file_name, t.platform_id, t.result_item_count as item_count, t.target,
          coalesce(t.finished_at, t.created_at) as at, u.username
        from scrape_tasks t join users u on u.id = t.owner_id
        where ${where} order by t.finished_at desc nulls last, t.id desc offset ${offset} limit ${limit}`,
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { files, pagination: pagination(offset, files.length, total) };
});

// packages/db/src/queries/analytics.ts: dashboardFigures (with the posts per destination) + scrapeCostFigures.
app.get('/api/analytics/dashboard', async (request) => {
  const owner = ownerOf(request.query as Query);
  const now = new Date();
  const since7 = jakartaDayStartBefore(now, 6);
  const day7 = jakartaDate(since7);
  const day30 = jakartaDate(jakartaDayStartBefore(now, 29));
  const months = Array.from({ length: SCRAPE_COST_MONTHS }, (_, i) => jakartaMonthBefore(now, SCRAPE_COST_MONTHS - 1 - i).month);
  const since = months[0] ?? '';
  const rollUp = owner ? sql`download_daily_stats` : sql`download_daily_totals`;
  const scope = owner ? sql`owner_id = ${owner}` : sql`true`;
  const [totals, byPlatform, daily, recent, posts, costs, costTotals] = await Promise.all([
    sql`select
          coalesce(sum(downloads) filter (where status = 'completed'), 0)::int as total,
          coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day7}::date), 0)::int as last7,
          coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day30}::date), 0)::int as last30,
          coalesce(sum(downloads) filter (where status = 'failed'), 0)::int as failed,
          coalesce(sum(stored_bytes) filter (where status = 'completed'), 0)::text as bytes,
          (select count(*)::int from users) as users
        from ${rollUp} where ${scope}`,
    sql`select platform, sum(downloads)::int as count from ${rollUp} where ${scope} and status = 'completed'
        group by platform having sum(downloads) > 0 order by count desc, platform`,
    sql`select to_char(day, 'YYYY-MM-DD') as date, sum(downloads)::int as downloads
        from ${rollUp} where ${scope} and status = 'completed' and day >= ${day7}::date group by day`,
    sql`select d.platform, d.title, d.created_at, u.username from downloads d join users u on u.id = d.owner_id
        where ${owner ? sql`d.owner_id = ${owner}` : sql`true`} and d.status = 'completed'
        order by d.created_at desc nulls last limit 10`,
    sql`select t.platform, count(*)::int as count from publish_targets t join publish_posts p on p.id = t.post_id
        where ${owner ? sql`p.user_id = ${owner}` : sql`true`} and t.status in ('published', 'sent_to_inbox')
        group by t.platform order by count desc, t.platform`,
    owner
      ? sql`select month, total_usd::text as total_usd, runs, runs - runs_with_cost as without_cost
            from scrape_monthly_costs where owner_id = ${owner} and month >= ${since} and runs <> 0`
      : sql`with top as (
              select distinct t.owner_id
              from unnest(${months}::text[]) as m(month)
              cross join lateral (
                select c.owner_id from scrape_monthly_costs c
                where c.month = m.month and c.runs <> 0
                order by c.total_usd desc nulls last, c.owner_id
                limit ${SCRAPE_COST_TOP_MEMBERS}
              ) t
            )
            select u.id as user_id, u.username, c.month, c.total_usd::text as total_usd, c.runs, c.runs - c.runs_with_cost as without_cost
            from top join users u on u.id = top.owner_id
            join scrape_monthly_costs c on c.owner_id = top.owner_id and c.month >= ${since} and c.runs <> 0
            order by lower(u.username), u.id`,
    owner
      ? Promise.resolve([])
      : sql`select month, sum(total_usd)::text as total_usd, sum(runs)::int as runs,
              sum(runs - runs_with_cost)::int as without_cost, count(*)::int as members
            from scrape_monthly_costs where month >= ${since} and runs <> 0
            group by month`,
  ]);
  return { totalDownloads: totals[0]?.total, totals: totals[0], byPlatform, postsByDestination: posts, daily, recent, scrapeCosts: { byMember: costs, monthly: costTotals } };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => sql.end({ timeout: 2 })).then(() => process.exit(0));
  });
}
