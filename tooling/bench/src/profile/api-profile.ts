// Where the API's fixed per-request cost goes: the product API and the bare baseline
// (src/baseline/api-server.ts) each run under `node --cpu-prof` while autocannon asks them for
// the same small answers, then the profiles are summed up by package and by function (self
// time), side by side. Small data (the cost per request, not per row, is what this looks at).
// `--as member`: the files page of a member who owns the 3,000 files (the baseline given `?owner=`)
// instead of the admin's.
// Run: node src/profile/api-profile.ts [--seconds 8] [--connections 10] [--users 1000] [--only me|analytics|files] [--as admin|member] [--keep 1]
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { findFreePort } from '@scrapper/db/embedded';
import { cpuMs, startNode, stopChild, waitForHttp } from '../lib/proc.ts';
import { ADMIN, startStack } from '../sections/stack.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(name);
  return at >= 0 ? (argv[at + 1] ?? fallback) : fallback;
};
const seconds = Number(option('--seconds', '8'));
const connections = Number(option('--connections', '10'));
const keep = option('--keep', '');
const only = option('--only', '');
const users = Number(option('--users', '1000'));
const as = option('--as', 'admin');
if (as !== 'admin' && as !== 'member') throw new Error(`--as admin or member, not ${as}`);
const log = (m: string) => process.stderr.write(`${m}\n`);
const PROFILE_MEMBER = { username: 'profile-member', password: 'profile-member-password' };

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  startTime: number;
  endTime: number;
  samples: number[];
}

/** Self time per function and per package (node_modules/<pkg>, our workspace folder, or node:). */
export function summarize(profile: CpuProfile): { total: number; byPackage: Map<string, number>; byFunction: Map<string, number> } {
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (n === 0) continue;
    total += n;
    const { url, functionName, lineNumber } = node.callFrame;
    const pkg = url.includes('node_modules/')
      ? (/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? 'node_modules')
      : url.startsWith('node:')
        ? 'node:'
        : url === ''
          ? `(${functionName || 'native'})`
          : (/\/(apps\/[^/]+|packages\/[^/]+|tooling\/[^/]+)\//.exec(url)?.[1] ?? url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
    const fn = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
  }
  return { total, byPackage, byFunction };
}

function top(map: Map<string, number>, total: number, count: number): string {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `    ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
}

function readProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
}

/** CPU used between two snapshots; a process that started in between counts from zero. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** The PostgreSQL server's processes: the postmaster and its children (the backends). */
function postgresPids(pgdata: string): number[] {
  const postmaster = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

async function hammer(url: string, token: string | undefined, server: number): Promise<string> {
  const pgdata = join(stack.dir, 'pg', 'pgdata');
  const [server0, pg0] = [cpuMs([server]), cpuMs(postgresPids(pgdata))];
  const result = await autocannon({ url, connections, duration: seconds, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const [server1, pg1] = [cpuMs([server]), cpuMs(postgresPids(pgdata))];
  const n = result.requests.total;
  const perRequest = (ms: number) => ((ms / n) * 1000).toFixed(0);
  // autocannon counts the bytes it read (status line, headers and body).
  const bytes = result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0;
  return `${result.requests.average.toFixed(0)} req/s, ${bytes} B an answer, p50 ${result.latency.p50} ms, CPU per request: node ${perRequest(cpuBetween(server0, server1))} µs, PostgreSQL ${perRequest(cpuBetween(pg0, pg1))} µs, ${result.errors + result.non2xx} errors`;
}

const work = mkdtempSync(join(tmpdir(), 'scrapper-api-profile-'));
const prodDir = join(work, 'product');
const baseDir = join(work, 'baseline');
process.env.BENCH_API_NODE_FLAGS = `--cpu-prof --cpu-prof-dir=${prodDir}`;
const stack = await startStack();
const port = await findFreePort();
const baseline = startNode('tooling/bench/src/baseline/api-server.ts', {
  env: { DATABASE_URL: stack.databaseUrl, PORT: String(port) },
  extraFlags: ['--cpu-prof', `--cpu-prof-dir=${baseDir}`],
});
const baseBase = `http://127.0.0.1:${port}`;
try {
  await waitForHttp(`${baseBase}/api/health`, { child: baseline });
  // The caller and the files' owner: the admin, or a member made for the run (`--as member`),
  // whom the baseline is given as `?owner=`.
  const owner =
    as === 'member'
      ? await stack
          .call('POST', '/api/admin/users', stack.adminToken, { ...PROFILE_MEMBER, role: 'user' })
          .then(() => stack.login(PROFILE_MEMBER.username, PROFILE_MEMBER.password))
          .then((member) => ({ ...member, username: PROFILE_MEMBER.username, query: `?owner=${member.userId}` }))
      : { token: stack.adminToken, username: ADMIN.username, query: '' };
  // The product's cheapest authenticated read, and the dashboard on an empty database.
  const targets = [
    { name: `GET /api/auth/me (${as})`, product: '/api/auth/me', baseline: '/api/health' },
    { name: `GET /api/analytics/dashboard (${as})`, product: '/api/analytics/dashboard', baseline: `/api/analytics/dashboard${owner.query}` },
    // A first page of files (50 of the owner's 3,000, on disk), the stats beside it.
    { name: `GET /api/files (${as})`, product: '/api/files', baseline: `/api/files${owner.query}` },
  ].filter((t) => !only || t.product.includes(only));
  // Members, as many as the bench's (the admin's dashboard reads per member).
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  await sql`insert into users (username, password_hash, role) select 'other' || g, 'x', 'user' from generate_series(1, ${users}::int) g`;
  const keys = await sql<Array<{ storage_key: string }>>`
    insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status, progress, size_bytes, storage_key, created_at, finished_at)
    select u.id, 'tiktok', 'item-' || g, 'https://example.test/' || g, 'Video ' || g, 'best', 'completed', 100, 1000 + g,
      'downloads/' || u.id || '/' || g || '.mp4', now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from users u cross join generate_series(1, 3000) g where u.username = ${owner.username}
    returning storage_key`;
  for (const { storage_key: key } of keys) {
    const path = join(stack.dir, 'storage', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  }
  await sql.end();
  for (const t of targets) {
    for (let i = 0; i < 2; i++) {
      log(`${t.name}: product ${await hammer(`${stack.apiBase}${t.product}`, owner.token, stack.api.pid ?? 0)}`);
      log(`${' '.repeat(t.name.length)}  baseline ${t.baseline}: ${await hammer(`${baseBase}${t.baseline}`, undefined, baseline.pid ?? 0)}`);
    }
  }
} finally {
  await stopChild(baseline);
  await stack.stop();
}
for (const [name, dir] of [
  ['product', prodDir],
  ['baseline', baseDir],
] as const) {
  const s = summarize(readProfile(dir));
  log(`\n${name}: ${s.total} samples\n  by package (self):\n${top(s.byPackage, s.total, 18)}\n  by function (self):\n${top(s.byFunction, s.total, 40)}`);
}
if (keep) log(`profiles kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
