// Item 2, API overhead: the product API (its own process: auth, validation, serialization)
// against the bare Fastify + postgres.js baseline (src/baseline/api-server.ts) running the
// same SQL, same database, same run, at 50 connections over loopback with autocannon.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { findFreePort } from '@scrapper/db/embedded';
import { load, percentile, round, startNode, stopChild, waitForHttp } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';
import type { Stack } from './stack.ts';

export interface ApiOverheadSizes {
  downloads: number;
  /** Every `memberEvery`-th download is the member's (1M / 10 = 100,000). */
  memberEvery: number;
  activeTasks: number;
  logLinesPerTask: number;
  memberFinishedTasks: number;
  otherFinishedTasks: number;
  /** About this many seconds of measurement per side, in `rounds` slices of a fixed number of requests each. */
  durationSeconds: number;
  /** Alternating slices per side (default 4: each side goes first twice). */
  rounds?: number;
  warmupSeconds: number;
  connections: number;
}

export const API_ROWS: Array<[string, string]> = [
  ['api.active-tasks', 'GET /api/scrape/active-tasks'],
  ['api.scrape-history', 'GET /api/scrape/history'],
  ['api.media-history', 'GET /api/media/history (filtered)'],
  ['api.files', 'GET /api/files'],
  ['api.analytics', 'GET /api/analytics/dashboard (admin)'],
];

const MEMBER = { username: 'bench-member', password: 'bench-member-password' };

/** Seeds everything in SQL (generate_series): a million client inserts would measure the client. */
async function seed(stack: Stack, sizes: ApiOverheadSizes, memberId: string, log: (m: string) => void) {
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const t0 = performance.now();
    await sql.unsafe(`insert into users (username, password_hash, role)
      select 'other' || g, 'x', 'user' from generate_series(1, 999) g`);
    // Platform, status, title, day and hour hashed independently; the member owns every
    // memberEvery-th row. Old files are swept: the member keeps 2 % of their files on disk.
    await sql.unsafe(
      `insert into downloads (owner_id, platform, source_item_id, source_url, title, author, quality, status,
                              size_bytes, storage_key, file_deleted_at, created_at, finished_at)
       select o.owner_id,
              (array['tiktok','youtube','instagram','douyin','facebook'])[1 + abs(hashtext('p' || g)) % 5],
              'item-' || g, 'https://example.test/' || g,
              'Video ' || g || ' ' || (array['resep nasi goreng','jalan-jalan ke Bali','kucing lucu sekali','tutorial makeup','review gadget baru'])[1 + abs(hashtext('t' || g)) % 5],
              'kreator' || (g % 97), 'best',
              s.status,
              1000000 + g,
              case when s.status = 'completed' then 'downloads/' || o.owner_id || '/' || g || '.mp4' end,
              case when s.status = 'completed' and (case when o.is_member then (g / $2) % 50 <> 0 else abs(hashtext('f' || g)) % 20 = 0 end) then now() end,
              c.at, c.at + interval '20 seconds'
       from generate_series(1, $1::int) g
       cross join lateral (select case when abs(hashtext('s' || g)) % 10 = 0 then 'failed' else 'completed' end as status) s
       cross join lateral (select now() - ((abs(hashtext('d' || g)) % 90) || ' days')::interval - ((abs(hashtext('h' || g)) % 24) || ' hours')::interval as at) c
       join (select id, row_number() over (order by id) - 1 as n from users where username like 'other%') u on u.n = g % 999
       cross join lateral (select g % $2 = 0 as is_member, case when g % $2 = 0 then $3::uuid else u.id end as owner_id) o`,
      [sizes.downloads, sizes.memberEvery, memberId],
    );
    log(`  seeded ${sizes.downloads} downloads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Scrape tasks: the member's running ones with their logs, finished ones, and others'.
    await sql.unsafe(
      `insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state,
                                 progress_percentage, items_found, created_at, started_at)
       select $1::uuid, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', 'kucing ' || g, '{"searchQueries":"kucing"}',
              '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}', 'running', 40, 400,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, $2::int) g`,
      [memberId, sizes.activeTasks],
    );
    await sql.unsafe(
      `insert into scrape_task_logs (task_id, message, at)
       select t.id, 'Scraped ' || (g * 10) || ' items so far (halaman ' || g || ')', now() - ((300 - g) || ' seconds')::interval
       from scrape_tasks t cross join generate_series(1, $1::int) g where t.state = 'running'`,
      [sizes.logLinesPerTask],
    );
    await sql.unsafe(
      `insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state,
                                 progress_percentage, items_found, result_file_name, result_path, result_item_count,
                                 created_at, started_at, finished_at)
       select case when g <= $2 then $1::uuid else u.id end,
              'clockworks/tiktok-scraper', 'tiktok', 'keyword', 'resep ' || g, '{"searchQueries":"resep"}',
              '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}', 'completed', 100, 50,
              'tiktok_20261122-000000_' || lpad(g::text, 8, '0') || '.json', 'results/x/' || g || '.json', 50,
              now() - (g || ' hours')::interval, now() - (g || ' hours')::interval, now() - (g || ' hours')::interval + interval '1 minute'
       from generate_series(1, $3::int) g
       join (select id, row_number() over (order by id) - 1 as n from users where username like 'other%') u on u.n = g % 999`,
      [memberId, sizes.memberFinishedTasks, sizes.memberFinishedTasks + sizes.otherFinishedTasks],
    );
    // Vacuum now, so that autovacuum does not wake up on a million fresh rows mid-measurement.
    await sql.unsafe('vacuum analyze');
    await sql.unsafe('checkpoint');
    // The member's files exist on disk (the files list checks each).
    const keys = await sql<Array<{ storage_key: string }>>`
      select storage_key from downloads where owner_id = ${memberId} and storage_key is not null and file_deleted_at is null`;
    for (const { storage_key: key } of keys) {
      const path = join(stack.dir, 'storage', key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
    }
    log(`  seeding done in ${((performance.now() - t0) / 1000).toFixed(1)} s (${keys.length} member files on disk)`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

interface Slice {
  rps: number;
  p99: number;
  errors: number;
  requests: number;
}

/**
 * One autocannon run of `amount` requests (all of them answered: a run cut off by a duration
 * drops the requests in flight, which is every request of a slow endpoint in a short slice).
 * Every response time (ms) is also pushed onto `latencies`.
 */
async function cannon(url: string, token: string | undefined, amount: number, connections: number, latencies?: number[]): Promise<Slice> {
  const job = autocannon({
    url,
    connections,
    amount,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
  // Timed here, from the start to the last answer: autocannon notices that `amount` is reached
  // only at its next one-second sample, so its own duration is rounded up to whole seconds.
  const started = performance.now();
  let answered = 0;
  let lastAnswer = started;
  job.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    answered++;
    lastAnswer = performance.now();
    latencies?.push(ms);
  });
  const result = await job;
  return {
    rps: answered / Math.max((lastAnswer - started) / 1000, 0.001),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

interface Side {
  /** Median of the slices' req/s. */
  rps: number;
  slices: number[];
  /** Over every request of every slice of this side. */
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** The middle value; for an even count, the mean of the two middle ones. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}

function side(slices: Slice[], latencies: number[]): Side {
  return {
    rps: median(slices.map((s) => s.rps)),
    slices: slices.map((s) => s.rps),
    p50: round(percentile(latencies, 0.5), 1),
    p99: round(percentile(latencies, 0.99), 1),
    errors: slices.reduce((n, s) => n + s.errors, 0),
    requests: slices.reduce((n, s) => n + s.requests, 0),
  };
}

/**
 * Product and baseline in alternating slices (`rounds` x (product, baseline), the order
 * swapped each round), so a load spike from other processes on the machine falls on both
 * sides instead of biasing whichever ran during it. Each side gets a warm-up first.
 */
async function interleaved(
  product: { url: string; token: string },
  baseline: { url: string },
  sizes: ApiOverheadSizes,
): Promise<{ prod: Side; base: Side }> {
  const rounds = Math.max(1, sizes.rounds ?? 4);
  const sliceSeconds = sizes.durationSeconds / rounds;
  // Warm-up: waves of one request per connection for warmupSeconds (at least one wave); the
  // last wave's rate sizes the slices, so that each lasts about sliceSeconds. No warm-up
  // (smoke): one wave per slice.
  const amountFor = async (url: string, token: string | undefined) => {
    if (sizes.warmupSeconds <= 0) return sizes.connections;
    const until = performance.now() + sizes.warmupSeconds * 1000;
    let wave: Slice;
    do wave = await cannon(url, token, sizes.connections, sizes.connections);
    while (performance.now() < until);
    return Math.max(sizes.connections, Math.round(wave.rps * sliceSeconds));
  };
  const baseAmount = await amountFor(baseline.url, undefined);
  const prodAmount = await amountFor(product.url, product.token);
  const prodSlices: Slice[] = [];
  const baseSlices: Slice[] = [];
  const prodLatencies: number[] = [];
  const baseLatencies: number[] = [];
  const runProduct = async () => prodSlices.push(await cannon(product.url, product.token, prodAmount, sizes.connections, prodLatencies));
  const runBaseline = async () => baseSlices.push(await cannon(baseline.url, undefined, baseAmount, sizes.connections, baseLatencies));
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      await runProduct();
      await runBaseline();
    } else {
      await runBaseline();
      await runProduct();
    }
  }
  return { prod: side(prodSlices, prodLatencies), base: side(baseSlices, baseLatencies) };
}

/** A number each answer must agree on: both servers read the same rows. */
async function fingerprint(url: string, token: string | undefined, pick: (json: unknown) => number): Promise<number> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return pick(await res.json());
}

export async function runApiOverhead(stack: Stack, sizes: ApiOverheadSizes, log: (m: string) => void): Promise<{ rows: Row[]; memberToken: string }> {
  await stack.call('POST', '/api/admin/users', stack.adminToken, { ...MEMBER, role: 'user' });
  const member = await stack.login(MEMBER.username, MEMBER.password);
  await seed(stack, sizes, member.userId, log);

  const port = await findFreePort();
  const baseline = startNode('tooling/bench/src/baseline/api-server.ts', { env: { DATABASE_URL: stack.databaseUrl, PORT: String(port) } });
  const baseBase = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseBase}/api/health`, { child: baseline });

  const jakartaToday = new Date(Date.now() + 7 * 3600_000);
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  const historyQuery = `platform=tiktok&search=kucing&startDate=${isoDay(new Date(jakartaToday.getTime() - 30 * 86_400_000))}&endDate=${isoDay(jakartaToday)}`;
  const arr = (j: unknown) => (j as unknown[]).length;
  const endpoints: Array<{ id: string; name: string; product: string; baseline: string; token: string; pick: (j: unknown) => number; pickBase: (j: unknown) => number }> = [
    { id: 'api.active-tasks', name: API_ROWS[0]?.[1] ?? '', product: '/api/scrape/active-tasks', baseline: `/api/scrape/active-tasks?owner=${member.userId}`, token: member.token, pick: arr, pickBase: arr },
    { id: 'api.scrape-history', name: API_ROWS[1]?.[1] ?? '', product: '/api/scrape/history', baseline: `/api/scrape/history?owner=${member.userId}`, token: member.token, pick: arr, pickBase: arr },
    {
      id: 'api.media-history',
      name: `${API_ROWS[2]?.[1]}`,
      product: `/api/media/history?${historyQuery}`,
      baseline: `/api/media/history?${historyQuery}&owner=${member.userId}`,
      token: member.token,
      pick: (j) => (j as { pagination: { total: number } }).pagination.total,
      pickBase: (j) => (j as { pagination: { total: number } }).pagination.total,
    },
    {
      id: 'api.files',
      name: API_ROWS[3]?.[1] ?? '',
      product: '/api/files',
      baseline: `/api/files?owner=${member.userId}`,
      token: member.token,
      pick: (j) => (j as { files: unknown[] }).files.length,
      pickBase: (j) => (j as { files: unknown[] }).files.length,
    },
    {
      id: 'api.analytics',
      name: API_ROWS[4]?.[1] ?? '',
      product: '/api/analytics/dashboard',
      baseline: '/api/analytics/dashboard',
      token: stack.adminToken,
      pick: (j) => (j as { totalDownloads: number }).totalDownloads,
      pickBase: (j) => (j as { totals: { total: number } }).totals.total,
    },
  ];

  const rows: Row[] = [];
  try {
    for (const e of endpoints) {
      const a = await fingerprint(`${stack.apiBase}${e.product}`, e.token, e.pick);
      const b = await fingerprint(`${baseBase}${e.baseline}`, undefined, e.pickBase);
      if (a !== b) throw new Error(`${e.name}: product and baseline disagree (${a} vs ${b})`);
      const { prod, base } = await interleaved(
        { url: `${stack.apiBase}${e.product}`, token: e.token },
        { url: `${baseBase}${e.baseline}` },
        sizes,
      );
      const ratio = round(prod.rps / base.rps);
      const slices = (s: Side) => s.slices.map((x) => x.toFixed(0)).join(', ');
      log(`  ${e.name}: product ${prod.rps.toFixed(0)} req/s (slices ${slices(prod)}) p50 ${prod.p50} p99 ${prod.p99} (${prod.errors} errors); baseline ${base.rps.toFixed(0)} req/s (slices ${slices(base)}) p50 ${base.p50} p99 ${base.p99}; rows ${a}`);
      rows.push({
        id: e.id,
        benchmark: `${e.name} [${a} rows], ${sizes.connections} conn`,
        figure: `${prod.rps.toFixed(0)} req/s (slices ${slices(prod)}), p50 ${prod.p50} ms, p99 ${prod.p99} ms, ${prod.errors} errors`,
        baseline: `${base.rps.toFixed(0)} req/s (slices ${slices(base)}), p50 ${base.p50} ms, p99 ${base.p99} ms`,
        ratio,
        target: '>= 0.70x req/s, p99 < 50 ms, 0 errors',
        pass: ratio >= 0.7 && prod.p99 < 50 && prod.errors === 0,
        load: load(),
      });
    }
  } finally {
    await stopChild(baseline);
  }
  return { rows, memberToken: member.token };
}
