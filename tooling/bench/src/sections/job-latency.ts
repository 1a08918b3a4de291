// Item 6, job latency: from `POST /api/scrape/start` to the worker's first call to Apify
// (the fake records when each request arrived), and from the Apify run finishing to the task
// showing `completed` in the API. The API and a worker (apps/worker/src/main.ts) are their own
// processes on the stack's database; the fake Apify runs here and holds `waitForFinish`
// long-polls as the real one does.
import postgres from 'postgres';
import { load, percentile, round, startNode, stopChild } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';
import type { Stack } from './stack.ts';

export interface JobLatencySizes {
  tasks: number;
  /** How long each fake Apify run takes. */
  runMs: number;
}

export const LATENCY_ROWS: Array<[string, string]> = [
  ['latency.start', 'job latency: POST /api/scrape/start -> first Apify call'],
  ['latency.finish', 'job latency: Apify run finished -> task completed in API'],
];

const ACTOR = 'clockworks/tiktok-scraper';

export async function runJobLatency(stack: Stack, memberToken: string, sizes: JobLatencySizes, log: (m: string) => void): Promise<Row[]> {
  const keys = await stack.call<Array<{ id: string; isActive: boolean }>>('GET', '/api/keys', stack.adminToken);
  if (!keys.some((k) => k.isActive)) {
    const added = await stack.call<{ id: string; isActive: boolean }>('POST', '/api/keys', stack.adminToken, { key: stack.fake.token });
    if (!added.isActive) await stack.call('POST', `/api/keys/${added.id}/set-active`, stack.adminToken);
  }
  stack.fake.script(ACTOR, {
    durationMs: sizes.runMs,
    items: { count: 50, item: (i: number) => ({ id: `7${String(i).padStart(18, '0')}`, text: `Klip ${i}`, webVideoUrl: `https://www.tiktok.com/@k/video/7${String(i).padStart(18, '0')}`, authorMeta: { name: 'k' }, videoMeta: { duration: 10 } }) },
    logLines: ['Memulai', 'Mengambil halaman 1', 'Selesai'],
  });

  const worker = startNode('apps/worker/src/main.ts', { env: { ...stack.env, HEARTBEAT_INTERVAL_SECONDS: '10' }, quiet: true });
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const startLatencies: number[] = [];
  const finishLatencies: number[] = [];
  try {
    for (let i = 0; ; i++) {
      const [row] = await sql<Array<{ n: number }>>`select count(*)::int as n from worker_heartbeats`;
      if ((row?.n ?? 0) > 0) break;
      if (i > 600) throw new Error('worker did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Let the worker's first polls pass, so every task meets it in its steady state.
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < sizes.tasks; i++) {
      // A random pause: tasks arrive at any point of the worker's polling cycle.
      await new Promise((r) => setTimeout(r, Math.random() * 700));
      const tag = `latensi${i}x${Date.now()}`;
      const posted = Date.now();
      const { taskId } = await stack.call<{ taskId: string }>('POST', '/api/scrape/start', memberToken, {
        actorId: ACTOR,
        input: { searchQueries: tag, resultsPerPage: 50 },
        platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
      });
      let completedAt = 0;
      for (let polls = 0; ; polls++) {
        const status = await stack.call<{ state: string; error?: string | null }>('GET', `/api/scrape/status/${taskId}`, memberToken);
        if (status.state === 'completed') {
          completedAt = Date.now();
          break;
        }
        if (status.state === 'failed' || status.state === 'cancelled') throw new Error(`task ${i} ${status.state}: ${status.error ?? ''}`);
        if (polls > 3000) throw new Error(`task ${i} did not complete`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const start = stack.fake.requests.find((r) => r.endpoint === 'actor.start' && JSON.stringify(r.body ?? '').includes(tag));
      const run = stack.fake.runs(ACTOR).find((r) => JSON.stringify(r.input ?? '').includes(tag));
      if (!start || !run) throw new Error(`task ${i}: the fake saw no run`);
      startLatencies.push(start.at - posted);
      finishLatencies.push(completedAt - (run.startedAt.getTime() + sizes.runMs));
    }
  } finally {
    await sql.end({ timeout: 2 });
    await stopChild(worker);
  }
  const stats = (v: number[]) => ({ p50: round(percentile(v, 0.5), 0), p95: round(percentile(v, 0.95), 0), max: round(Math.max(...v), 0) });
  const s = stats(startLatencies);
  const f = stats(finishLatencies);
  log(`  start latencies ms: ${startLatencies.join(' ')}`);
  log(`  finish latencies ms: ${finishLatencies.join(' ')}`);
  const l = load();
  return [
    {
      id: 'latency.start',
      benchmark: `${LATENCY_ROWS[0]?.[1]} (${sizes.tasks} tasks)`,
      figure: `p95 ${s.p95} ms (p50 ${s.p50}, max ${s.max})`,
      baseline: '-',
      ratio: null,
      target: 'p95 < 1000 ms',
      pass: s.p95 < 1000,
      load: l,
    },
    {
      id: 'latency.finish',
      benchmark: `${LATENCY_ROWS[1]?.[1]} (${sizes.tasks} tasks)`,
      figure: `p95 ${f.p95} ms (p50 ${f.p50}, max ${f.max})`,
      baseline: '-',
      ratio: null,
      target: 'p95 < 1000 ms',
      pass: f.p95 < 1000,
      load: l,
    },
  ];
}
