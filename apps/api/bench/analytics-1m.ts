// Benchmark: GET /api/analytics/dashboard with 1,000,000 download rows across 1,000 users,
// as a member (their own ~1,000 rows) and as an admin (all rows). The API runs as its own
// process. Run: pnpm --filter @scrapper/api bench:analytics
import { createDatabase } from '@scrapper/db/client';
import { startBenchApi } from './start-api.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const USERS = 1000;
const api = await startBenchApi('analytics');
const database = createDatabase(api.databaseUrl, { max: 2 });

// Users and rows in SQL: a million inserts from the client would measure the client.
await database.sql.unsafe(`
  insert into users (username, password_hash, role)
  select 'member' || g, 'x', 'user' from generate_series(1, ${USERS - 1}) g`);
await database.sql.unsafe(`
  insert into downloads (owner_id, platform, source_item_id, source_url, title, author, quality, status, size_bytes, created_at)
  select u.id,
         (array['tiktok','youtube','instagram','douyin','facebook'])[1 + (g % 5)],
         'item-' || g, 'https://example.test/' || g, 'Video ' || g, 'kreator' || (g % 97), 'best',
         case when g % 10 = 0 then 'failed' else 'completed' end,
         1000000 + g,
         now() - ((g % 90) || ' days')::interval - ((g % 24) || ' hours')::interval
  from generate_series(1, ${ROWS}) g
  join (select id, row_number() over (order by id) - 1 as n from users) u on u.n = g % ${USERS}`);
await database.sql.unsafe('analyze');

const memberName = 'member7';
// The seeded members have no usable password: give one a password through the admin API.
const users = (await (await fetch(`${api.base}/api/admin/users`, { headers: { authorization: `Bearer ${api.token}` } })).json()) as Array<{ id: string; username: string }>;
const member = users.find((u) => u.username === memberName);
if (!member) throw new Error('no member');
await fetch(`${api.base}/api/admin/users/${member.id}`, {
  method: 'PUT',
  headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ role: 'user', password: 'member-password' }),
});
const memberToken = ((await (await fetch(`${api.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: memberName, password: 'member-password' }) })).json()) as { token: string }).token;

async function p95(token: string, calls: number) {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const res = await fetch(`${api.base}/api/analytics/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`analytics ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p95: Number((times[Math.floor(times.length * 0.95)] ?? 0).toFixed(1)), p50: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1)) };
}

await p95(memberToken, 5); // warm up
const asMember = await p95(memberToken, 100);
const asAdmin = await p95(api.token, 20);
console.log(JSON.stringify({ benchmark: 'analytics-1m', rows: ROWS, users: USERS, memberMs: asMember, adminMs: asAdmin, target: { p95Ms: 100 } }));
await database.close();
await api.stop();
