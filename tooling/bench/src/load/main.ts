// pnpm bench:load: the product's API under 200 concurrent clients for 60 s (BENCH_LOAD_SECONDS,
// BENCH_LOAD_CONNECTIONS to change) on the main read endpoints and a login mix, with seeded
// data. Prints a table per endpoint (requests, status classes, p50/p99) and the API's RSS
// before, right after and 30 s after the run; `--json <file>` writes the same as JSON. Exits
// non-zero on any 5xx or connection error.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mainEndpoints, runLoad, type EndpointResult } from './run-load.ts';
import { login, seed } from './seed.ts';
import { startLoadApi } from './start-api.ts';

const { values: args } = parseArgs({ options: { json: { type: 'string' } } });
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const settleSeconds = Number(process.env.BENCH_LOAD_SETTLE_SECONDS ?? 30);
if (!(seconds > 0) || !(connections > 0)) throw new Error('BENCH_LOAD_SECONDS and BENCH_LOAD_CONNECTIONS must be positive');
const sizes = { members: 40, tasksPerMember: 50, activeTasksPerMember: 3, downloadsPerMember: 250, notificationsPerMember: 30 };

const api = await startLoadApi();
let failed = false;
try {
  const admin = await login(api.base, 'admin', api.adminPassword);
  console.log('[bench:load] seeding...');
  const members = await seed(api.base, api.databaseUrl, admin.token, sizes);
  const endpoints = mainEndpoints(members, connections);
  // A short warm-up so the first compile of each route is not in the figures.
  await runLoad(api.base, endpoints.map((e) => ({ ...e, connections: 2 })), 3);
  // Live heap: after a full collection, so what V8 has not collected yet does not count.
  const heap = async () => {
    await api.collectGarbage();
    return heapUsedMiB(api.base, admin.token);
  };
  const rssBefore = api.rssMiB();
  const heapBefore = await heap();
  console.log(`[bench:load] ${connections} clients for ${seconds} s (API pid ${api.pid}, RSS ${rssBefore.toFixed(1)} MiB)...`);
  const started = Date.now();
  const results = await runLoad(api.base, endpoints, seconds);
  const rssAfter = api.rssMiB();
  const heapAfter = await heap();
  const wallSeconds = (Date.now() - started) / 1000;
  // Memory a while after the run: it should fall back, not keep what the load made it take.
  await new Promise((r) => setTimeout(r, settleSeconds * 1000));
  const rssSettled = api.rssMiB();
  const heapSettled = await heap();
  const total = sumOf(results);
  const report = {
    benchmark: 'load',
    at: new Date().toISOString(),
    connections,
    seconds,
    wallSeconds,
    seeded: { ...sizes, scrapeTasks: sizes.members * (sizes.tasksPerMember + sizes.activeTasksPerMember), downloads: sizes.members * sizes.downloadsPerMember },
    loginMix: 'X-Forwarded-For varied per attempt (TRUST_PROXY=true on the bench API); 1 in 5 attempts a wrong password for an unknown user',
    endpoints: results,
    total,
    rssMiB: { before: round(rssBefore), after: round(rssAfter), settled: round(rssSettled), settleSeconds },
    // V8 heap in use after a full collection (the API's own figure from /api/metrics): RSS keeps
    // pages the allocator already has, so the live heap is what shows whether the run leaked.
    heapUsedAfterGcMiB: { before: round(heapBefore), after: round(heapAfter), settled: round(heapSettled) },
    // For `pnpm bench` (tooling/bench/src/sections/external.ts): one table row each.
    rows: [
      ...results.map((r) => ({
        id: `${r.method} ${r.path}`,
        benchmark: `${connections} clients: ${r.method} ${r.path}`,
        figure: `${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.status5xx} x 5xx, ${r.errors} errors`,
        target: '0 x 5xx',
        pass: r.status5xx === 0 && r.errors === 0,
      })),
      {
        id: 'memory',
        benchmark: 'API heap used after a full GC: before, right after, settled',
        figure: `${round(heapBefore)} / ${round(heapAfter)} / ${round(heapSettled)} MiB (RSS ${round(rssBefore)} / ${round(rssAfter)} / ${round(rssSettled)} MiB)`,
        target: 'flat',
        pass: null,
      },
    ],
  };
  printTable(results, total);
  console.log(`API RSS: before ${round(rssBefore)} MiB, right after ${round(rssAfter)} MiB, ${settleSeconds} s after ${round(rssSettled)} MiB`);
  console.log(`API heap used after a full GC: before ${round(heapBefore)} MiB, right after ${round(heapAfter)} MiB, ${settleSeconds} s after ${round(heapSettled)} MiB`);
  // pnpm runs the script in tooling/bench; a relative path is meant from where it was typed.
  if (args.json) writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), args.json), `${JSON.stringify(report, null, 2)}\n`);
  if (total.status5xx > 0 || total.errors > 0) {
    failed = true;
    console.error(`[bench:load] FAILED: ${total.status5xx} responses 5xx, ${total.errors} connection errors`);
    console.error(api.stderr().slice(-4000));
  }
} finally {
  await api.stop();
}
process.exitCode = failed ? 1 : 0;

function sumOf(results: EndpointResult[]) {
  const sum = (f: (r: EndpointResult) => number) => results.reduce((a, r) => a + f(r), 0);
  return {
    requests: sum((r) => r.requests),
    requestsPerSec: sum((r) => r.requestsPerSec),
    status2xx: sum((r) => r.status2xx),
    status4xx: sum((r) => r.status4xx),
    status5xx: sum((r) => r.status5xx),
    errors: sum((r) => r.errors),
  };
}

/** nodejs_heap_used_bytes from the API's Prometheus metrics, in MiB. */
async function heapUsedMiB(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const bytes = /^nodejs_heap_used_bytes\s+(\S+)/m.exec(text)?.[1];
  return bytes === undefined ? Number.NaN : Number(bytes) / 1024 / 1024;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function printTable(results: EndpointResult[], total: ReturnType<typeof sumOf>): void {
  const rows = [
    ['endpoint', 'conns', 'requests', 'req/s', '2xx', '4xx', '5xx', 'errors', 'p50 ms', 'p99 ms'],
    ...results.map((r) => [`${r.method} ${r.path}`, r.connections, r.requests, r.requestsPerSec, r.status2xx, r.status4xx, r.status5xx, r.errors, r.p50Ms, r.p99Ms]),
    ['total', connections, total.requests, total.requestsPerSec, total.status2xx, total.status4xx, total.status5xx, total.errors, '', ''],
  ].map((row) => row.map(String));
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));
}
