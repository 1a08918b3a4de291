// The baseline for the API overhead benchmark: bare Fastify + postgres.js running the same SQL
// the product issues for its hot read endpoints (copied from packages/db/src/queries: the
// statements drizzle renders, with the same filters, order and limits), with no auth, no
// validation, no schema serialization. The caller is given by `?owner=<uuid>` (none: admin
// scope). Pool size as the API's default (10). Started by the harness as its own process.
// Run: node src/baseline/api-server.ts   (DATABASE_URL, PORT)
import Fastify from 'fastify';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL ?? '', { max: Number(process.env.DB_POOL_MAX ?? 10), onnotice: () => {} });
const app = Fastify({ logger: false });

const FINAL = ['completed', 'failed', 'cancelled'];
const TASK_LOG_LIMIT = 200;
const JAKARTA_OFFSET_MS = 7 * 3600_000;
const jakartaDate = (at: Date) => new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
function jakartaDayStartBefore(now: Date, daysAgo: number): Date {
  const midnightUtc = Date.parse(`${jakartaDate(now)}T00:00:00Z`);
  return new Date(midnightUtc - JAKARTA_OFFSET_MS - daysAgo * 24 * 3600_000);
}
const jakartaDayStart = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - JAKARTA_OFFSET_MS);

type Query = Record<string, string | undefined>;
const ownerOf = (q: Query) => q.owner || null;

app.get('/api/health', async () => ({ ok: true }));

app.get('/api/scrape/active-tasks', async (request) => {
  const owner = ownerOf(request.query as Query);
  const tasks = await sql`
    select t.*, u.username as owner_username from scrape_tasks t inner join users u on u.id = t.owner_id
    where t.state not in ${sql(FINAL)} ${owner ? sql`and t.owner_id = ${owner}` : sql``}
    order by t.created_at asc`;
  const ids = tasks.map((t) => t.id as string);
  const logs = ids.length
    ? await sql`
        select id, task_id, message, at from (
          select l.*, row_number() over (partition by task_id order by id desc) as rn
          from scrape_task_logs l where task_id in ${sql(ids)}
        ) t where rn <= ${TASK_LOG_LIMIT} order by task_id, id`
    : [];
  const byTask = new Map<string, unknown[]>();
  for (const l of logs) {
    const list = byTask.get(l.task_id as string) ?? [];
    list.push({ message: l.message, at: l.at });
    byTask.set(l.task_id as string, list);
  }
  return tasks.map((t) => ({ ...t, logs: byTask.get(t.id as string) ?? [] }));
});

app.get('/api/scrape/history', async (request) => {
  const owner = ownerOf(request.query as Query);
  return sql`
    select t.*, u.username as owner_username from scrape_tasks t inner join users u on u.id = t.owner_id
    where t.state in ${sql(FINAL)} and t.hidden_at is null ${owner ? sql`and t.owner_id = ${owner}` : sql``}
    order by coalesce(t.finished_at, t.created_at) desc limit 500`;
});

app.get('/api/media/history', async (request) => {
  const q = request.query as Query;
  const owner = ownerOf(q);
  const from = q.startDate ? jakartaDayStart(q.startDate) : undefined;
  const to = q.endDate ? new Date(jakartaDayStart(q.endDate).getTime() + 24 * 3600_000) : undefined;
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const limit = Number(q.limit ?? 50);
  const offset = Number(q.offset ?? 0);
  const where = sql`d.status = 'completed' and d.hidden_from_history_at is null
    ${owner ? sql`and d.owner_id = ${owner}` : sql``}
    ${q.platform ? sql`and d.platform = ${q.platform}` : sql``}
    ${from ? sql`and d.created_at >= ${from}` : sql``}
    ${to ? sql`and d.created_at < ${to}` : sql``}
    ${search ? sql`and (d.title ilike ${search} or d.author ilike ${search})` : sql``}`;
  const [rows, byPlatform] = await Promise.all([
    sql`select d.*, u.username as owner_username from downloads d inner join users u on u.id = d.owner_id
        where ${where} order by d.created_at desc nulls last, d.id desc limit ${limit} offset ${offset}`,
    sql`select d.platform, count(*)::int as n from downloads d where ${where} group by d.platform order by count(*) desc`,
  ]);
  const total = byPlatform.reduce((sum, p) => sum + (p.n as number), 0);
  return { history: rows, pagination: { total, hasMore: offset + rows.length < total }, stats: { total, byPlatform } };
});

app.get('/api/files', async (request) => {
  const owner = ownerOf(request.query as Query);
  const files = await sql`
    select d.*, u.username as owner_username from downloads d inner join users u on u.id = d.owner_id
    where d.status = 'completed' and d.storage_key is not null and d.file_deleted_at is null
    ${owner ? sql`and d.owner_id = ${owner}` : sql``}
    order by d.created_at desc nulls last, d.id desc limit 5000`;
  return { files, stats: { totalFiles: files.length } };
});

app.get('/api/analytics/dashboard', async (request) => {
  const owner = ownerOf(request.query as Query);
  const now = new Date();
  const since7 = jakartaDayStartBefore(now, 6);
  const day7 = jakartaDate(since7);
  const day30 = jakartaDate(jakartaDayStartBefore(now, 29));
  const rollUp = owner ? sql`download_daily_stats` : sql`download_daily_totals`;
  const scope = owner ? sql`owner_id = ${owner}` : sql`true`;
  const [totals, byPlatform, daily, recent, usersCount] = await Promise.all([
    sql`select
          coalesce(sum(downloads) filter (where status = 'completed'), 0)::int as total,
          coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day7}::date), 0)::int as last7,
          coalesce(sum(downloads) filter (where status = 'completed' and day >= ${day30}::date), 0)::int as last30,
          coalesce(sum(downloads) filter (where status = 'failed'), 0)::int as failed,
          coalesce(sum(stored_bytes) filter (where status = 'completed'), 0)::text as bytes
        from ${rollUp} where ${scope}`,
    sql`select platform, sum(downloads)::int as count from ${rollUp} where ${scope} and status = 'completed'
        group by platform having sum(downloads) > 0 order by count desc, platform`,
    sql`select to_char(day, 'YYYY-MM-DD') as date, sum(downloads)::int as downloads
        from ${rollUp} where ${scope} and status = 'completed' and day >= ${day7}::date group by day`,
    sql`select d.platform, d.title, d.created_at, u.username from downloads d join users u on u.id = d.owner_id
        where ${owner ? sql`d.owner_id = ${owner}` : sql`true`} and d.status = 'completed'
        order by d.created_at desc nulls last limit 10`,
    sql`select count(*)::int as n from users`,
  ]);
  return { totals: totals[0], byPlatform, daily, recent, totalUsers: usersCount[0]?.n };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => sql.end({ timeout: 2 })).then(() => process.exit(0));
  });
}
