// Benchmark: GET /api/analytics/dashboard with 1,000,000 download rows across 1,000 users,
// as a member (their own ~1,000 rows) and as an admin (all rows). The API runs as its own
// process. Before timing, both answers are checked against the same figures computed straight
// from the downloads table. Also timed: single-row download completions (what the roll-up
// triggers add to every finished download) and the bulk seeding insert.
// Run: pnpm --filter @scrapper/api bench:analytics
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import { createDatabase } from '@scrapper/db/client';
import { jakartaDayStartBefore } from '@scrapper/db/queries/analytics';
import { startBenchApi } from './start-api.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const USERS = 1000;
const api = await startBenchApi('analytics');
const database = createDatabase(api.databaseUrl, { max: 2 });

// Users and rows in SQL: a million inserts from the client would measure the client.
await database.sql.unsafe(`
  insert into users (username, password_hash, role)
  select 'member' || g, 'x', 'user' from generate_series(1, ${USERS - 1}) g`);
// Platform, status, day and hour are hashed independently of the user, so each member has
// every platform, both outcomes and ~90 days (plain "g % n" would give each user one
// platform and one status, which flatters any per-member roll-up).
const seedStart = performance.now();
await database.sql.unsafe(`
  insert into downloads (owner_id, platform, source_item_id, source_url, title, author, quality, status, size_bytes, created_at)
  select u.id,
         (array['tiktok','youtube','instagram','douyin','facebook'])[1 + abs(hashtext('p' || g)) % 5],
         'item-' || g, 'https://example.test/' || g, 'Video ' || g, 'kreator' || (g % 97), 'best',
         case when abs(hashtext('s' || g)) % 10 = 0 then 'failed' else 'completed' end,
         1000000 + g,
         now() - ((abs(hashtext('d' || g)) % 90) || ' days')::interval - ((abs(hashtext('h' || g)) % 24) || ' hours')::interval
  from generate_series(1, ${ROWS}) g
  join (select id, row_number() over (order by id) - 1 as n from users) u on u.n = g % ${USERS}`);
// Some deleted files, so the storage figure has something to leave out.
await database.sql.unsafe(
  `update downloads set file_deleted_at = now() where abs(hashtext('f' || source_item_id)) % 20 = 0`,
);
const seedSeconds = Number(((performance.now() - seedStart) / 1000).toFixed(1));
await database.sql.unsafe('analyze');

const memberName = 'member7';
// The seeded members have no usable password: give one a password through the admin API.
const users = (await (
  await fetch(`${api.base}/api/admin/users`, { headers: { authorization: `Bearer ${api.token}` } })
).json()) as Array<{ id: string; username: string }>;
const member = users.find((u) => u.username === memberName);
if (!member) throw new Error('no member');
await fetch(`${api.base}/api/admin/users/${member.id}`, {
  method: 'PUT',
  headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ role: 'user', password: 'member-password' }),
});
const memberToken = (
  (await (
    await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: memberName, password: 'member-password' }),
    })
  ).json()) as { token: string }
).token;

interface Dashboard {
  totalDownloads: number;
  downloadsLast7Days: number;
  downloadsLast30Days: number;
  successRate: number | null;
  storageBytes: number;
  downloadsByPlatform: Array<{ platform: string; count: number }>;
  dailyDownloads: Array<{ date: string; downloads: number }>;
}

async function dashboard(token: string): Promise<Dashboard> {
  const res = await fetch(`${api.base}/api/analytics/dashboard`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`analytics ${res.status}`);
  return (await res.json()) as Dashboard;
}

/** The dashboard's figures computed straight from downloads (the pre-roll-up queries). */
async function expectedFigures(ownerId: string | null): Promise<Dashboard> {
  const now = new Date();
  const since7 = jakartaDayStartBefore(now, 6);
  const since30 = jakartaDayStartBefore(now, 29);
  const scope = ownerId ? database.sql`owner_id = ${ownerId}` : database.sql`true`;
  const [t] = await database.sql<
    Array<{ total: number; last7: number; last30: number; failed: number; bytes: string }>
  >`
    select count(*) filter (where status = 'completed')::int as total,
           count(*) filter (where status = 'completed' and created_at >= ${since7.toISOString()}::timestamptz)::int as last7,
           count(*) filter (where status = 'completed' and created_at >= ${since30.toISOString()}::timestamptz)::int as last30,
           count(*) filter (where status = 'failed')::int as failed,
           coalesce(sum(size_bytes) filter (where status = 'completed' and file_deleted_at is null), 0)::text as bytes
    from downloads where ${scope}`;
  const byPlatform = await database.sql<Array<{ platform: string; count: number }>>`
    select platform, count(*)::int as count from downloads where ${scope} and status = 'completed' group by platform order by count desc, platform`;
  const daily = await database.sql<Array<{ date: string; downloads: number }>>`
    select to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD') as date, count(*)::int as downloads
    from downloads where ${scope} and status = 'completed' and created_at >= ${since7.toISOString()}::timestamptz group by 1`;
  if (!t) throw new Error('no totals');
  const byDate = new Map(daily.map((r) => [r.date, r.downloads]));
  const finished = t.total + t.failed;
  return {
    totalDownloads: t.total,
    downloadsLast7Days: t.last7,
    downloadsLast30Days: t.last30,
    successRate: finished === 0 ? null : Math.round((t.total / finished) * 1000) / 10,
    storageBytes: Number(t.bytes),
    downloadsByPlatform: byPlatform.map((r) => ({ platform: r.platform, count: r.count })),
    dailyDownloads: Array.from({ length: 7 }, (_, i) => {
      const date = jakartaDate(new Date(since7.getTime() + i * 24 * 3600_000 + 3600_000));
      return { date, downloads: byDate.get(date) ?? 0 };
    }),
  };
}

async function checkFigures(label: string, token: string, ownerId: string | null) {
  const got = await dashboard(token);
  const want = await expectedFigures(ownerId);
  const pickFigures = (d: Dashboard) =>
    JSON.stringify([
      d.totalDownloads,
      d.downloadsLast7Days,
      d.downloadsLast30Days,
      d.successRate,
      d.storageBytes,
      d.downloadsByPlatform,
      d.dailyDownloads,
    ]);
  if (pickFigures(got) !== pickFigures(want))
    throw new Error(
      `${label} figures differ from downloads:\n got  ${pickFigures(got)}\n want ${pickFigures(want)}`,
    );
  return want.totalDownloads;
}

function percentiles(times: number[]) {
  times.sort((a, b) => a - b);
  return {
    p95: Number((times[Math.floor(times.length * 0.95)] ?? 0).toFixed(1)),
    p50: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1)),
  };
}

async function dashboardLatency(token: string, calls: number) {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const res = await fetch(`${api.base}/api/analytics/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`analytics ${res.status}`);
    times.push(performance.now() - t0);
  }
  return percentiles(times);
}

const checked = {
  member: await checkFigures('member', memberToken, member.id),
  admin: await checkFigures('admin', api.token, null),
};

await dashboardLatency(memberToken, 5); // warm up
const asMember = await dashboardLatency(memberToken, 100);
await dashboardLatency(api.token, 3);
const asAdmin = await dashboardLatency(api.token, 100);

// What a finished download costs to record: the worker's completeDownload, one row at a time.
const COMPLETIONS = 300;
const queued = await database.sql<Array<{ id: string }>>`
  insert into downloads (owner_id, platform, source_item_id, source_url, title, quality)
  select ${member.id}, 'tiktok', 'new-' || g, 'https://example.test/new', 'Baru', 'best' from generate_series(1, ${COMPLETIONS}) g
  returning id`;
const completionTimes: number[] = [];
for (const { id } of queued) {
  const t0 = performance.now();
  await database.sql`update downloads set status = 'completed', size_bytes = 1000, progress = 100, finished_at = now()
                     where id = ${id} and status in ('queued', 'running')`;
  completionTimes.push(performance.now() - t0);
}
// Null when run against a version without the roll-up.
const [{ exists: hasRollUp = false } = {}] = await database.sql<
  Array<{ exists: boolean }>
>`select to_regclass('download_daily_stats') is not null as exists`;
const [{ n: rollUpRows = null } = {}] = hasRollUp
  ? await database.sql<Array<{ n: number }>>`select count(*)::int as n from download_daily_stats`
  : [];

console.log(
  JSON.stringify({
    benchmark: 'analytics-1m',
    rows: ROWS,
    users: USERS,
    figuresChecked: checked,
    memberMs: asMember,
    adminMs: asAdmin,
    completeOneDownloadMs: percentiles(completionTimes),
    seedSeconds,
    memberRollUpRows: rollUpRows,
    target: { p95Ms: 100 },
  }),
);
await database.close();
await api.stop();
