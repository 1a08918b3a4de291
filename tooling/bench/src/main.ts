// `pnpm bench`: every benchmark of issue 9 against its same-run baseline, one table, and the
// results written into docs/benchmarks.md. `--smoke` (or BENCH_SMOKE=1): tiny sizes, no
// external benchmarks, docs untouched (what the vitest smoke test runs).
// Options: --json <file> (the rows as JSON), --only api,latency,events,downloads,ingest,startup,external,
// --api-only files,analytics (rows of the api section whose id contains one of these), --no-docs, --skip-external (the browser and load benchmarks, which have their own commands).
import { writeFileSync } from 'node:fs';
import { failedRows, formatTable, type Row } from './lib/report.ts';
import { load, machine } from './lib/proc.ts';
import { writeDocs } from './lib/docs.ts';
import { API_ROWS, runApiOverhead, type ApiOverheadSizes } from './sections/api-overhead.ts';
import { DOWNLOAD_ROWS, runDownloads } from './sections/downloads.ts';
import { EXTERNAL, runExternal } from './sections/external.ts';
import { LATENCY_ROWS, runJobLatency, type JobLatencySizes } from './sections/job-latency.ts';
import { INGEST_ROWS, runScrapeIngest } from './sections/scrape-ingest.ts';
import { LIVE_ROWS, runLiveEvents, type LiveEventsSizes } from './sections/live-events.ts';
import { startStack } from './sections/stack.ts';
import { STARTUP_ROWS, runStartup } from './sections/startup.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const smoke = flag('--smoke') || process.env.BENCH_SMOKE === '1';
const only = option('--only')?.split(',');
const wanted = (section: string) => !only || only.includes(section);
// Some rows of the api section only: ids containing one of these (`files`, `admin`, `analytics.member`).
const apiOnly = option('--api-only')?.split(',');
const log = (message: string) => process.stderr.write(`${message}\n`);

const sizes = smoke
  ? {
      // Enough for every list to have more than one page and every row a figure; the figures
      // themselves mean nothing at this size (the smoke run proves the harness, in `npm test`).
      api: { downloads: 4_000, memberDownloads: 400, tasks: 4_000, memberTasks: 400, otherUsers: 9, oneClientRequests: 10, durationSeconds: 0.5, rounds: 2, warmupSeconds: 0, connections: 10, p99Connections: 4, only: apiOnly } satisfies ApiOverheadSizes,
      latency: { tasks: 3, runMs: 300 } satisfies JobLatencySizes,
      events: { streams: 20, members: 2, burstWrites: 10, burstSpreadMs: 100, steadyWrites: 3, firstProgress: 3 } satisfies LiveEventsSizes,
      batchItems: 2,
      batchSweep: [1, 2],
      ingestItems: 2000,
      ingestRepeat: 1,
    }
  : {
      api: { downloads: 1_000_000, memberDownloads: 100_000, tasks: 1_000_000, memberTasks: 100_000, otherUsers: 999, oneClientRequests: 300, durationSeconds: 8, warmupSeconds: 1, connections: 50, p99Connections: 8, only: apiOnly } satisfies ApiOverheadSizes,
      latency: { tasks: 20, runMs: 1000 } satisfies JobLatencySizes,
      events: { streams: 1000, members: 4, burstWrites: 200, burstSpreadMs: 1000, steadyWrites: 30, firstProgress: 30 } satisfies LiveEventsSizes,
      batchItems: 50,
      batchSweep: [1, 2, 3, 4, 5, 6, 7, 8],
      ingestItems: 20_000,
      ingestRepeat: 3,
    };

const started = Date.now();
const loadAtStart = load();
const rows: Row[] = [];
async function section(name: string, ids: Array<[string, string]>, run: () => Promise<Row[]>) {
  if (!wanted(name)) return;
  log(`[bench] ${name} (load ${load()})`);
  const t0 = performance.now();
  try {
    rows.push(...(await run()));
  } catch (error) {
    log(`[bench] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    rows.push(...failedRows(ids, error, load()));
  }
  log(`[bench] ${name} took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

if (wanted('api') || wanted('latency')) {
  log(`[bench] starting PostgreSQL, the fake Apify and the API`);
  const stack = await startStack();
  try {
    let memberToken = '';
    await section('api', API_ROWS, async () => {
      const r = await runApiOverhead(stack, sizes.api, log);
      memberToken = r.memberToken;
      return r.rows;
    });
    await section('latency', LATENCY_ROWS, async () => {
      if (!memberToken) {
        await stack.call('POST', '/api/admin/users', stack.adminToken, { username: 'latency-member', password: 'latency-member-password', role: 'user' });
        memberToken = (await stack.login('latency-member', 'latency-member-password')).token;
      }
      return runJobLatency(stack, memberToken, sizes.latency, log);
    });
  } finally {
    await stack.stop();
  }
}
// Its own API process (its inspector open, no seeded lists), so its memory is the streams'.
await section('events', LIVE_ROWS, () => runLiveEvents(sizes.events, log));
await section('downloads', DOWNLOAD_ROWS, () => runDownloads(sizes.batchItems, sizes.batchSweep, log));
await section('ingest', INGEST_ROWS, () => runScrapeIngest(sizes.ingestItems, sizes.ingestRepeat, log));
await section('startup', STARTUP_ROWS, () => runStartup(log));
if (!smoke && !flag('--skip-external')) {
  for (const ext of EXTERNAL) await section('external', [[`${ext.id}.error`, ext.name]], () => runExternal(ext, log));
} else if (!smoke && wanted('external')) {
  for (const ext of EXTERNAL) {
    rows.push({ id: `${ext.id}.skipped`, benchmark: ext.name, figure: 'not run (--skip-external): see its own command below', baseline: '-', ratio: null, target: '-', pass: null, load: load() });
  }
}

const seconds = Math.round((Date.now() - started) / 1000);
const shownArgs = argv.filter((a, i) => a !== '--json' && argv[i - 1] !== '--json');
const command = ['pnpm bench', ...shownArgs].join(' ');
const info = { date: new Date().toISOString(), smoke, seconds, command, machine: machine(), loadAtStart, loadAtEnd: load() };
process.stdout.write(`\n${formatTable(rows)}\n\n${rows.filter((r) => r.pass === false).length} of ${rows.filter((r) => r.pass !== null).length} targets missed; ${seconds} s; ${info.machine.cores} cores, ${info.machine.memoryGiB} GiB; load ${loadAtStart} -> ${info.loadAtEnd}\n`);
const jsonFile = option('--json');
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ ...info, rows }, null, 2));
if (!smoke && !only && !flag('--no-docs')) {
  writeDocs(rows, info);
  log('[bench] docs/benchmarks.md updated');
}
