// Issue 34 items 3 and 4, live updates at scale: one API process (its own child process, on
// embedded PostgreSQL, with its inspector open so its memory can be read after a collection)
// holds `streams` idle `GET /api/events` streams of a few members, opened by this process (the
// client; it is not the API, so the API's memory is its own). Then a burst of writes made the
// way a worker makes them (`announce` of @scrapper/db: an events row and its NOTIFY), each timed
// from the call to its event at every stream of its member. Last, with the idle streams closed,
// a screen's case: a worker's first progress write of a download and of a scrape task to the
// event at the member's one stream, and on to the end of the re-read the screen makes then
// (the history page, the task's status).
import { Agent, request, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '@scrapper/db/client';
import { findFreePort } from '@scrapper/db/embedded';
import { announce } from '@scrapper/db/queries/events';
import { updateDownloadProgress } from '@scrapper/db/queries/downloads';
import { updateScrapeTaskProgress } from '@scrapper/db/queries/scrape-tasks';
import { connectInspector, type ProcessMemory } from '../lib/inspector.ts';
import { cpuMs, load, percentile, round } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';
import { startStack, type Stack } from './stack.ts';

export interface LiveEventsSizes {
  streams: number;
  members: number;
  /** Writes in the burst, and the time they are spread over. */
  burstWrites: number;
  burstSpreadMs: number;
  /** Writes one every 100 ms, with the same streams open. */
  steadyWrites: number;
  /** First-progress samples per kind (download, scrape task). */
  firstProgress: number;
}

export const LIVE_ROWS: Array<[string, string]> = [
  ['live.memory', 'live events: API memory per idle GET /api/events stream'],
  ['live.burst', 'live events: burst of worker writes -> event at every idle stream'],
  ['live.steady', 'live events: steady worker writes -> event at every idle stream'],
  ['live.first.download', 'live events: first download progress -> screen'],
  ['live.first.scrape', 'live events: first scrape progress -> screen'],
];

interface Received {
  entityId: string | null;
  at: number;
}

interface OpenStream {
  received: Received[];
  close(): void;
}

const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

/** Opens one stream; resolves once the server's first comment arrived (it is subscribed then). */
function openStream(base: string, token: string, onEvent?: (r: Received) => void): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const received: Received[] = [];
    const req = request(`${base}/api/events`, { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/events: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened) {
            opened = true;
            resolve({ received, close: () => req.destroy() });
          }
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { entityId?: string | null };
          const r = { entityId: event.entityId ?? null, at };
          received.push(r);
          onEvent?.(r);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
const kb = (bytes: number) => round(bytes / 1024, 1);
const stats = (v: number[]) => `p50 ${round(percentile(v, 0.5), 1)} ms, p99 ${round(percentile(v, 0.99), 1)} ms, max ${round(Math.max(...v), 1)} ms`;

export async function runLiveEvents(sizes: LiveEventsSizes, log: (m: string) => void): Promise<Row[]> {
  const inspectPort = await findFreePort();
  const stack = await startStack({ apiFlags: [`--inspect=127.0.0.1:${inspectPort}`] });
  const inspector = await connectInspector(inspectPort);
  const database = createDatabase(stack.databaseUrl, { max: 8 });
  const streams: OpenStream[] = [];
  try {
    const members: Array<{ token: string; userId: string }> = [];
    for (let m = 0; m < sizes.members; m++) {
      const account = { username: `live${m}`, password: `live-member-password-${m}` };
      await stack.call('POST', '/api/admin/users', stack.adminToken, { ...account, role: 'user' });
      members.push(await stack.login(account.username, account.password));
    }
    // Warm the route and the hub (its LISTEN) before the first reading.
    for (const s of await Promise.all(members.map((m) => openStream(stack.apiBase, m.token)))) s.close();
    await sleep(500);
    const before = await inspector.memory();

    const t0 = performance.now();
    for (let i = 0; i < sizes.streams; i += 50) {
      const batch = Array.from({ length: Math.min(50, sizes.streams - i) }, (_, j) => members[(i + j) % members.length] as { token: string });
      streams.push(...(await Promise.all(batch.map((m) => openStream(stack.apiBase, m.token)))));
    }
    log(`  ${streams.length} streams open in ${round((performance.now() - t0) / 1000, 1)} s`);
    await sleep(1000);
    const after = await inspector.memory();
    const opened = streams.length;
    const per = (k: keyof ProcessMemory) => (after[k] - before[k]) / opened;
    log(`  API memory before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);

    const perStream = sizes.streams / sizes.members;
    const burst = await writeAndCollect({ stack, database, members, streams, writes: sizes.burstWrites, spreadMs: sizes.burstSpreadMs, tag: 'burst' });
    log(`  burst: ${burst.figure}`);
    // The same at a rate the process keeps up with: what one event costs when nothing queues.
    const steady = await writeAndCollect({ stack, database, members, streams, writes: sizes.steadyWrites, spreadMs: sizes.steadyWrites * 100, tag: 'steady' });
    log(`  steady: ${steady.figure}`);
    for (const s of streams.splice(0)) s.close();
    await sleep(500);

    const memoryRow: Row = {
      id: 'live.memory',
      benchmark: `${LIVE_ROWS[0]?.[1]} (${sizes.streams} streams of ${sizes.members} members, client: the bench process)`,
      figure: `RSS +${kb(per('rss'))} KB, heap used +${kb(per('heapUsed'))} KB, external +${kb(per('external'))} KB per stream (RSS ${mb(before.rss)} -> ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB, after a full GC)`,
      baseline: `${mb(before.rss)} MB RSS with no stream open`,
      ratio: null,
      target: 'recorded',
      pass: null,
      load: load(),
    };
    const deliveryRow = (id: string, what: string, r: Collected): Row => ({
      id,
      benchmark: `${LIVE_ROWS.find(([rowId]) => rowId === id)?.[1]} (${what}, each to ${perStream} streams)`,
      figure: r.figure,
      baseline: '-',
      ratio: null,
      target: 'recorded, none lost',
      pass: r.lost === 0 ? null : false,
      load: r.load,
    });

    // A screen's case: one member, one stream, the first progress of a job under way.
    const member = members[0] as { token: string; userId: string };
    const first = await firstProgress(stack, database, member, sizes.firstProgress);
    const firstRow = (id: 'live.first.download' | 'live.first.scrape', name: string, r: { event: number[]; screen: number[] }): Row => ({
      id,
      benchmark: `${LIVE_ROWS.find(([rowId]) => rowId === id)?.[1]} (${r.event.length} samples; ${name})`,
      figure: `write -> event: ${stats(r.event)}; write -> re-read done: ${stats(r.screen)}`,
      baseline: '-',
      ratio: null,
      target: 'p99 < 300 ms (re-read done)',
      pass: percentile(r.screen, 0.99) < 300,
      load: load(),
    });
    return [
      memoryRow,
      deliveryRow('live.burst', `${sizes.burstWrites} writes over ${sizes.burstSpreadMs} ms`, burst),
      deliveryRow('live.steady', `${sizes.steadyWrites} writes, one every 100 ms`, steady),
      firstRow('live.first.download', 'updateDownloadProgress, then GET /api/media/history?limit=50', first.download),
      firstRow('live.first.scrape', 'updateScrapeTaskProgress, then GET /api/scrape/status/:id', first.scrape),
    ];
  } finally {
    for (const s of streams) s.close();
    inspector.close();
    await database.close();
    await stack.stop();
  }
}

interface Collected {
  figure: string;
  lost: number;
  load: string;
}

/**
 * Writes `writes` events spread evenly over `spreadMs` (up to 8 at a time: the pool), each for
 * the next member in turn, as a worker writes them; waits until every stream of each member has
 * its events, and times each delivery from the write's call.
 */
async function writeAndCollect(o: {
  stack: Stack;
  database: ReturnType<typeof createDatabase>;
  members: Array<{ userId: string }>;
  streams: OpenStream[];
  writes: number;
  spreadMs: number;
  tag: string;
}): Promise<Collected> {
  const apiPid = o.stack.api.pid ?? 0;
  const apiCpu0 = cpuMs([apiPid]).get(apiPid) ?? 0;
  const clientCpu0 = process.cpuUsage();
  const received0 = o.streams.reduce((n, s) => n + s.received.length, 0);
  const writeAt = new Map<string, number>();
  const gap = o.spreadMs / o.writes;
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  for (let i = 0; i < o.writes; i++) {
    const wait = started + i * gap - performance.now();
    if (wait > 0) await sleep(wait);
    const entityId = `${o.tag}-${i}`;
    const member = o.members[i % o.members.length] as { userId: string };
    writeAt.set(entityId, performance.now());
    pending.push(announce(o.database.db, { memberId: member.userId, kind: 'download', entityId }));
  }
  await Promise.all(pending);
  const expected = o.writes * (o.streams.length / o.members.length);
  const count = () => o.streams.reduce((n, s) => n + s.received.length, 0) - received0;
  const deadline = Date.now() + 60_000;
  while (count() < expected && Date.now() < deadline) await sleep(20);
  const allMs = performance.now() - started;
  const apiCpu = (cpuMs([apiPid]).get(apiPid) ?? 0) - apiCpu0;
  const clientCpuUsage = process.cpuUsage(clientCpu0);
  const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1000;
  const delays: number[] = [];
  const lastPerWrite = new Map<string, number>();
  for (const s of o.streams) {
    for (const r of s.received) {
      const wrote = r.entityId ? writeAt.get(r.entityId) : undefined;
      if (wrote === undefined || !r.entityId) continue;
      delays.push(r.at - wrote);
      lastPerWrite.set(r.entityId, Math.max(lastPerWrite.get(r.entityId) ?? 0, r.at - wrote));
    }
  }
  const lost = expected - delays.length;
  return {
    figure: `every delivery: ${stats(delays)}; a write's last stream: ${stats([...lastPerWrite.values()])}; ${lost} of ${expected} lost; all in ${round(allMs, 0)} ms from the first write; CPU meanwhile: API ${round(apiCpu, 0)} ms, client ${round(clientCpu, 0)} ms`,
    lost,
    load: load(),
  };
}

async function firstProgress(stack: Stack, database: ReturnType<typeof createDatabase>, member: { token: string; userId: string }, samples: number) {
  // Jobs already under way (their insert was announced more than a second ago, so the first
  // progress write is not throttled, as for a job whose start the screen has already shown).
  const downloads = await database.sql<Array<{ id: string }>>`
    insert into downloads (owner_id, platform, source_item_id, source_url, title, quality, status)
    select ${member.userId}::uuid, 'tiktok', 'live-' || g, 'https://example.test/' || g, 'Video ' || g, 'best', 'running'
    from generate_series(1, ${samples}::int) g returning id`;
  const tasks = await database.sql<Array<{ id: string }>>`
    insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state)
    select ${member.userId}::uuid, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', 'resep ' || g, '{"searchQueries":"resep"}',
           '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}', 'running'
    from generate_series(1, ${samples}::int) g returning id`;
  await sleep(1200);
  const waiters = new Map<string, (at: number) => void>();
  const stream = await openStream(stack.apiBase, member.token, (r) => {
    if (r.entityId) waiters.get(r.entityId)?.(r.at);
  });
  const headers = { authorization: `Bearer ${member.token}` };
  async function sample(id: string, write: () => Promise<void>, reread: string) {
    const seen = new Promise<number>((resolve) => waiters.set(id, resolve));
    // Writes come at any moment, not in step with anything of the client.
    await sleep(50 + Math.random() * 150);
    const wrote = performance.now();
    await write();
    const eventAt = await seen;
    const res = await fetch(`${stack.apiBase}${reread}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${reread}: ${res.status}`);
    return { event: eventAt - wrote, screen: performance.now() - wrote };
  }
  const download = { event: [] as number[], screen: [] as number[] };
  const scrape = { event: [] as number[], screen: [] as number[] };
  try {
    for (let i = 0; i < samples; i++) {
      const d = downloads[i] as { id: string };
      const a = await sample(d.id, () => updateDownloadProgress(database.db, d.id, 3), '/api/media/history?limit=50');
      download.event.push(a.event);
      download.screen.push(a.screen);
      const t = tasks[i] as { id: string };
      const b = await sample(t.id, () => updateScrapeTaskProgress(database.db, t.id, { itemsFound: 5, percentage: 10 }), `/api/scrape/status/${t.id}`);
      scrape.event.push(b.event);
      scrape.screen.push(b.screen);
    }
  } finally {
    stream.close();
  }
  return { download, scrape };
}
