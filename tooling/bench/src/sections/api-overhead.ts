// API overhead (issue 16, "Measure"): the product API (its own process: auth, validation,
// serialization) against the bare Fastify + postgres.js baseline (src/baseline/api-server.ts)
// running the same paged SQL, same database, same run. A member with 100,000 downloads, all
// with their file on disk, and 100,000 scrape tasks; an admin over 1,000,000 downloads and
// 1,000,000 scrape tasks. Per list (first page) and per caller: p50 of one client asking again
// and again, req/s at 50 connections over loopback (autocannon), in slices alternating with
// the baseline's, and p99 at 8 connections the same way (issue 34 item 5: 50 connections on two
// cores measure the load generator, and the baseline misses p99 < 50 ms there too).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { findFreePort } from '@scrapper/db/embedded';
import { load, percentile, round, startNode, stopChild, waitForHttp } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';
import type { Stack } from './stack.ts';

export interface ApiOverheadSizes {
  /** Everyone's downloads (the admin's lists), the member's included. */
  downloads: number;
  /** The member's downloads: every one completed, its file on disk. */
  memberDownloads: number;
  /** Everyone's scrape tasks, the member's included. */
  tasks: number;
  /** The member's scrape tasks (finished; most completed with a result file). */
  memberTasks: number;
  /** Other members the rest is spread over. */
  otherUsers: number;
  /** Requests of the one-client p50 (one after another), per side. */
  oneClientRequests: number;
  /** About this many seconds of measurement per side at `connections`, in `rounds` slices of a fixed number of requests each. */
  durationSeconds: number;
  /** Alternating slices per side (default 4: each side goes first twice). */
  rounds?: number;
  warmupSeconds: number;
  connections: number;
  /** Connections of the p99 measurement (issue 34: 8), in slices alternating the same way. */
  p99Connections: number;
  /** Only the rows whose id contains one of these (`--api-only`). */
  only?: string[] | undefined;
}

/**
 * The targets for each list and caller (issue 16, "Measure"; issue 34 item 5 moved p99 to
 * `p99Connections`): one client's p50, p99 at 8 connections, req/s at 50 against the baseline.
 */
export const TARGETS = { oneClientP50Ms: 20, p99Ms: 50, ratio: 0.9 };

const LISTS = [
  { key: 'files', name: 'files (GET /api/files)' },
  { key: 'history', name: 'download history (GET /api/media/history)' },
  { key: 'scrape-history', name: 'scrape history (GET /api/scrape/history)' },
  { key: 'result-files', name: 'result files (GET /api/data/files)' },
] as const;

export const API_ROWS: Array<[string, string]> = [
  ...LISTS.flatMap(({ key, name }): Array<[string, string]> => [
    [`api.${key}.member`, `${name}, member, first page`],
    [`api.${key}.admin`, `${name}, admin, first page`],
  ]),
  ['api.analytics.member', 'analytics (GET /api/analytics/dashboard), member'],
  ['api.analytics.admin', 'analytics (GET /api/analytics/dashboard), admin'],
];

const MEMBER = { username: 'bench-member', password: 'bench-member-password' };

/** Seeds everything in SQL (generate_series): a million client inserts would measure the client. */
async function seed(stack: Stack, sizes: ApiOverheadSizes, memberId: string, log: (m: string) => void) {
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const t0 = performance.now();
    // Seeding is not a change anyone watches: without the live-event triggers (migration 0026) a
    // million-row insert writes no million events rows and NOTIFYs (the downloads' seed took 364 s
    // with them, 316 s without, at load 6-8). The roll-up triggers the lists read stay on.
    await sql.unsafe(`alter table downloads disable trigger downloads_events; alter table scrape_tasks disable trigger scrape_tasks_events`);
    await sql.unsafe(`insert into users (username, password_hash, role) select 'other' || g, 'x', 'user' from generate_series(1, $1::int) g`, [sizes.otherUsers]);
    const others = `(select id, row_number() over (order by id) - 1 as n from users where username like 'other%')`;
    // Platform, title, day and hour hashed independently. The member's downloads all completed
    // and their files are on disk; others' 90 % completed, 95 % of those with the file kept
    // (in the database only: no sweep has run, so the file list shows them as present).
    const downloadColumns = `owner_id, platform, source_item_id, source_url, title, author, quality, status, progress,
                             size_bytes, storage_key, file_deleted_at, created_at, finished_at`;
    const downloadValues = (owner: string, status: string, kept: string) => `${owner},
              (array['tiktok','youtube','instagram','douyin','facebook'])[1 + abs(hashtext('p' || g)) % 5],
              'item-' || g, 'https://example.test/' || g,
              'Video ' || g || ' ' || (array['resep nasi goreng','jalan-jalan ke Bali','kucing lucu sekali','tutorial makeup','review gadget baru'])[1 + abs(hashtext('t' || g)) % 5],
              'kreator' || (g % 97), 'best', ${status}, 100,
              1000000 + g,
              case when ${status} = 'completed' then 'downloads/' || ${owner} || '/' || g || '.mp4' end,
              case when ${status} = 'completed' and not (${kept}) then now() end,
              now() - ((abs(hashtext('d' || g)) % 90) || ' days')::interval - ((abs(hashtext('h' || g)) % 24) || ' hours')::interval - (g || ' ms')::interval,
              now() - ((abs(hashtext('d' || g)) % 90) || ' days')::interval - ((abs(hashtext('h' || g)) % 24) || ' hours')::interval - (g || ' ms')::interval + interval '20 seconds'`;
    await sql.unsafe(
      `insert into downloads (${downloadColumns})
       select ${downloadValues('$2::uuid', `'completed'`, 'true')} from generate_series(1, $1::int) g`,
      [sizes.memberDownloads, memberId],
    );
    await sql.unsafe(
      `insert into downloads (${downloadColumns})
       select ${downloadValues('u.id', `(case when abs(hashtext('s' || g)) % 10 = 0 then 'failed' else 'completed' end)`, `abs(hashtext('f' || g)) % 20 <> 0`)}
       from generate_series($1::int + 1, $2::int) g join ${others} u on u.n = g % $3`,
      [sizes.memberDownloads, sizes.downloads, sizes.otherUsers],
    );
    log(`  seeded ${sizes.downloads} downloads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Finished scrape tasks over a year: 90 % completed with a result file, the rest failed or
    // cancelled; every one started an Apify run and has its cost.
    const taskColumns = `owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state, progress_percentage,
                         items_found, apify_run_id, usage_total_usd, result_file_name, result_path, result_item_count,
                         created_at, started_at, finished_at`;
    const taskValues = (owner: string) => `${owner}, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', 'resep ' || g, '{"searchQueries":"resep"}',
              '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}', s.state, 100, 50, 'run-' || g, 0.004,
              case when s.state = 'completed' then 'tiktok_20261122-000000_' || lpad(g::text, 8, '0') || '.json' end,
              case when s.state = 'completed' then 'results/x/' || g || '.json' end,
              case when s.state = 'completed' then 50 end,
              c.at, c.at, c.at + interval '1 minute'`;
    const taskJoins = `cross join lateral (select case abs(hashtext('s' || g)) % 30 when 0 then 'failed' when 1 then 'failed' when 2 then 'cancelled' else 'completed' end as state) s
       cross join lateral (select now() - ((abs(hashtext('d' || g)) % 365) || ' days')::interval - (g || ' ms')::interval as at) c`;
    await sql.unsafe(
      `insert into scrape_tasks (${taskColumns}) select ${taskValues('$2::uuid')} from generate_series(1, $1::int) g ${taskJoins}`,
      [sizes.memberTasks, memberId],
    );
    await sql.unsafe(
      `insert into scrape_tasks (${taskColumns}) select ${taskValues('u.id')}
       from generate_series($1::int + 1, $2::int) g ${taskJoins} join ${others} u on u.n = g % $3`,
      [sizes.memberTasks, sizes.tasks, sizes.otherUsers],
    );
    log(`  seeded ${sizes.tasks} scrape tasks; ${((performance.now() - t0) / 1000).toFixed(1)} s in all`);
    // Vacuum now, so that autovacuum does not wake up on a million fresh rows mid-measurement.
    await sql.unsafe(`alter table downloads enable trigger downloads_events; alter table scrape_tasks enable trigger scrape_tasks_events`);
    await sql.unsafe('vacuum analyze');
    await sql.unsafe('checkpoint');
    // The member's files exist on disk (the files list checks the page's).
    const keys = await sql<Array<{ storage_key: string }>>`
      select storage_key from downloads where owner_id = ${memberId} and storage_key is not null and file_deleted_at is null`;
    const made = new Set<string>();
    for (const { storage_key: key } of keys) {
      const path = join(stack.dir, 'storage', key);
      const dir = dirname(path);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
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
    // autocannon notices that `amount` is reached only at its next sample: with the default
    // one-second samples every call lasted at least a second (most of the smoke run's time).
    // Its per-sample figures are not used here (req/s is timed below, latencies come from its
    // histogram), so samples every 20 ms only end each call sooner.
    sampleInt: 20,
  }) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
  // Timed here, from the start to the last answer (autocannon's own duration ends at a sample).
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

/** p50 (ms) of one client asking `amount` times, one request after another (after a warm-up of a tenth). */
async function oneClient(url: string, token: string | undefined, amount: number): Promise<{ p50: number; errors: number }> {
  await cannon(url, token, Math.max(1, Math.round(amount / 10)), 1);
  const latencies: number[] = [];
  const slice = await cannon(url, token, amount, 1, latencies);
  return { p50: round(percentile(latencies, 0.5), 1), errors: slice.errors };
}

/** What both servers must agree on before they are compared: the page's length and the total. */
async function fingerprint(url: string, token: string | undefined): Promise<string> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const json = (await res.json()) as Record<string, unknown>;
  if ('totalDownloads' in json) return `total downloads ${String(json.totalDownloads)}`;
  const page = Object.values(json).find(Array.isArray);
  const total = (json.pagination as { total?: number } | undefined)?.total;
  return `${page?.length ?? '?'} of ${total ?? '?'}`;
}

interface Endpoint {
  id: string;
  name: string;
  product: string;
  baseline: string;
  token: string;
}

export async function runApiOverhead(stack: Stack, sizes: ApiOverheadSizes, log: (m: string) => void): Promise<{ rows: Row[]; memberToken: string }> {
  await stack.call('POST', '/api/admin/users', stack.adminToken, { ...MEMBER, role: 'user' });
  const member = await stack.login(MEMBER.username, MEMBER.password);
  await seed(stack, sizes, member.userId, log);

  const port = await findFreePort();
  const baseline = startNode('tooling/bench/src/baseline/api-server.ts', { env: { DATABASE_URL: stack.databaseUrl, PORT: String(port) } });
  const baseBase = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseBase}/api/health`, { child: baseline });

  // The product's paths for each list and caller; the baseline takes the caller as `owner`
  // (none: everyone's). The admin's download history is every member's (/history/all).
  const productPath: Record<(typeof LISTS)[number]['key'], { member: string; admin: string }> = {
    files: { member: '/api/files', admin: '/api/files' },
    history: { member: '/api/media/history', admin: '/api/media/history/all' },
    'scrape-history': { member: '/api/scrape/history', admin: '/api/scrape/history' },
    'result-files': { member: '/api/data/files', admin: '/api/data/files' },
  };
  const baselinePath: Record<(typeof LISTS)[number]['key'], string> = {
    files: '/api/files',
    history: '/api/media/history',
    'scrape-history': '/api/scrape/history',
    'result-files': '/api/data/files',
  };
  const name = (id: string) => API_ROWS.find(([i]) => i === id)?.[1] ?? id;
  const endpoints: Endpoint[] = [
    ...LISTS.flatMap(({ key }): Endpoint[] => [
      { id: `api.${key}.member`, name: name(`api.${key}.member`), product: productPath[key].member, baseline: `${baselinePath[key]}?owner=${member.userId}`, token: member.token },
      { id: `api.${key}.admin`, name: name(`api.${key}.admin`), product: productPath[key].admin, baseline: baselinePath[key], token: stack.adminToken },
    ]),
    { id: 'api.analytics.member', name: name('api.analytics.member'), product: '/api/analytics/dashboard', baseline: `/api/analytics/dashboard?owner=${member.userId}`, token: member.token },
    { id: 'api.analytics.admin', name: name('api.analytics.admin'), product: '/api/analytics/dashboard', baseline: '/api/analytics/dashboard', token: stack.adminToken },
  ];

  const rows: Row[] = [];
  try {
    for (const e of endpoints) {
      if (sizes.only && !sizes.only.some((o) => e.id.includes(o))) continue;
      const productUrl = `${stack.apiBase}${e.product}`;
      const baselineUrl = `${baseBase}${e.baseline}`;
      try {
        const a = await fingerprint(productUrl, e.token);
        const b = await fingerprint(baselineUrl, undefined);
        if (a !== b) throw new Error(`product and baseline disagree (${a} vs ${b})`);
        const one = { prod: await oneClient(productUrl, e.token, sizes.oneClientRequests), base: await oneClient(baselineUrl, undefined, sizes.oneClientRequests) };
        const sides = { product: { url: productUrl, token: e.token }, baseline: { url: baselineUrl } };
        const { prod, base } = await interleaved(sides.product, sides.baseline, sizes);
        // Half the time at 8 connections, two rounds: enough requests for a p99 of each side.
        const few = await interleaved(sides.product, sides.baseline, {
          ...sizes,
          connections: sizes.p99Connections,
          rounds: 2,
          durationSeconds: sizes.durationSeconds / 2,
        });
        const ratio = round(prod.rps / base.rps);
        const errors = prod.errors + few.prod.errors + one.prod.errors;
        const slices = (s: Side) => s.slices.map((x) => x.toFixed(0)).join(', ');
        const figure = (o: { p50: number }, s: Side, p: Side) =>
          `1 client: p50 ${o.p50} ms; ${sizes.p99Connections} conn: p50 ${p.p50} ms, p99 ${p.p99} ms; ` +
          `${sizes.connections} conn: ${s.rps.toFixed(0)} req/s (slices ${slices(s)}), p50 ${s.p50} ms, p99 ${s.p99} ms`;
        log(`  ${e.name} [${a}]: product ${figure(one.prod, prod, few.prod)}, ${errors} errors; baseline ${figure(one.base, base, few.base)} (load ${load()})`);
        rows.push({
          id: e.id,
          benchmark: `${e.name} [${a}]`,
          figure: `${figure(one.prod, prod, few.prod)}, ${errors} errors`,
          baseline: figure(one.base, base, few.base),
          ratio,
          target: `1 client p50 < ${TARGETS.oneClientP50Ms} ms, ${sizes.p99Connections} conn p99 < ${TARGETS.p99Ms} ms, ${sizes.connections} conn >= ${TARGETS.ratio.toFixed(2)}x req/s, 0 errors`,
          pass: one.prod.p50 < TARGETS.oneClientP50Ms && few.prod.p99 < TARGETS.p99Ms && ratio >= TARGETS.ratio && errors === 0,
          load: load(),
        });
      } catch (error) {
        // One list that cannot be compared (an endpoint not paged yet, a disagreement) is a
        // failed row; the others are still measured.
        const message = error instanceof Error ? error.message : String(error);
        log(`  ${e.name}: ${message}`);
        rows.push({ id: e.id, benchmark: e.name, figure: `error: ${message.slice(0, 300)}`, baseline: '-', ratio: null, target: '-', pass: false, load: load() });
      }
    }
  } finally {
    await stopChild(baseline);
  }
  return { rows, memberToken: member.token };
}
