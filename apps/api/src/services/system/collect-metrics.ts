import type { ELDHistogram } from 'node:perf_hooks';
import { queueNames } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import {
  countActiveWork,
  countJobsByQueueAndState,
  type ActiveWork,
  type JobCount,
} from '@scrapper/db/queries/operations';
import { formatFamily, type Histogram, type Sample } from './prometheus-text.ts';

/** pg-boss's job states; every queue of the catalog gets a sample for each, zero included. */
export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;

export interface MetricsSources {
  /** `http_request_duration_seconds`, fed by the metrics plugin. */
  httpDurations: Histogram;
  /** Event loop delay since the previous scrape (reset after each one). */
  eventLoopDelay: ELDHistogram;
}

export interface MetricsOptions {
  /** Database figures are reused this long, so frequent or parallel scrapes cost one query set. */
  cacheMs?: number;
  /** A worker that sent a heartbeat within this many seconds counts as alive. */
  workerAliveSeconds: number;
}

interface DatabaseFigures {
  jobs: JobCount[];
  work: ActiveWork;
}

function jobFamilies(jobs: JobCount[]): string[] {
  const queues = [...new Set([...queueNames, ...jobs.map((j) => j.queue)])].sort();
  const byKey = new Map(jobs.map((j) => [`${j.queue}\u0000${j.state}`, j]));
  const jobSamples: Sample[] = [];
  const depthSamples: Sample[] = [];
  for (const queue of queues) {
    let depth = 0;
    for (const state of JOB_STATES) {
      const row = byKey.get(`${queue}\u0000${state}`);
      jobSamples.push({ labels: { queue, state }, value: row?.count ?? 0 });
      if (state === 'created' || state === 'retry') depth += row?.ready ?? 0;
    }
    depthSamples.push({ labels: { queue }, value: depth });
  }
  return [
    formatFamily(
      'jobs',
      'gauge',
      'pg-boss jobs by queue and state (completed and failed ones until retention removes them).',
      jobSamples,
    ),
    formatFamily(
      'queue_depth',
      'gauge',
      'Jobs ready to run now (created or retry, start time reached) per queue.',
      depthSamples,
    ),
  ];
}

function processFamilies(eventLoopDelay: ELDHistogram): string[] {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  // The histogram counts nanoseconds; with no sample yet its percentiles are 0.
  const lag = (ns: number) => [{ value: Number.isFinite(ns) ? ns / 1e9 : 0 }];
  const families = [
    formatFamily('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [
      { value: memory.rss },
    ]),
    formatFamily('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use, in bytes.', [
      { value: memory.heapUsed },
    ]),
    formatFamily(
      'process_cpu_seconds_total',
      'counter',
      'User and system CPU time spent, in seconds.',
      [{ value: (cpu.user + cpu.system) / 1e6 }],
    ),
    formatFamily(
      'process_start_time_seconds',
      'gauge',
      'Start time of the process since the Unix epoch, in seconds.',
      [{ value: Math.round(Date.now() / 1000 - process.uptime()) }],
    ),
    formatFamily(
      'nodejs_eventloop_lag_p50_seconds',
      'gauge',
      'Median event loop delay since the previous scrape.',
      lag(eventLoopDelay.percentile(50)),
    ),
    formatFamily(
      'nodejs_eventloop_lag_p99_seconds',
      'gauge',
      '99th percentile event loop delay since the previous scrape.',
      lag(eventLoopDelay.percentile(99)),
    ),
    formatFamily(
      'nodejs_eventloop_lag_max_seconds',
      'gauge',
      'Longest event loop delay since the previous scrape.',
      lag(eventLoopDelay.max),
    ),
  ];
  eventLoopDelay.reset();
  return families;
}

/**
 * Renders every metric of this API instance. The database figures (jobs, queue depth, active
 * work, workers) come from two queries cached for `cacheMs`; when the database cannot be read,
 * the scrape still succeeds with the process and HTTP metrics and `database_up 0`.
 */
export function createMetricsCollector(
  database: Database,
  sources: MetricsSources,
  options: MetricsOptions,
): () => Promise<string> {
  const cacheMs = options.cacheMs ?? 5000;
  let cached: { at: number; figures: Promise<DatabaseFigures> } | undefined;

  function figures(): Promise<DatabaseFigures> {
    const now = Date.now();
    if (cached && now - cached.at < cacheMs) return cached.figures;
    const loading = (async () => {
      const [jobs, work] = await Promise.all([
        countJobsByQueueAndState(database.db),
        countActiveWork(database.db, new Date(now - options.workerAliveSeconds * 1000)),
      ]);
      return { jobs, work };
    })();
    const entry = { at: now, figures: loading };
    cached = entry;
    // A failed read is not kept: the next scrape asks again.
    loading.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return loading;
  }

  return async () => {
    const families: string[] = [sources.httpDurations.render()];
    try {
      const { jobs, work } = await figures();
      families.push(
        ...jobFamilies(jobs),
        formatFamily('downloads_active', 'gauge', 'Downloads being fetched by a worker now.', [
          { value: work.downloads },
        ]),
        formatFamily('uploads_active', 'gauge', 'YouTube uploads being sent by a worker now.', [
          { value: work.uploads },
        ]),
        formatFamily(
          'workers_alive',
          'gauge',
          `Worker processes with a heartbeat in the last ${options.workerAliveSeconds} seconds.`,
          [{ value: work.workersAlive }],
        ),
        formatFamily(
          'database_up',
          'gauge',
          'Whether this API instance could read the figures above from PostgreSQL.',
          [{ value: 1 }],
        ),
      );
    } catch {
      families.push(
        formatFamily(
          'database_up',
          'gauge',
          'Whether this API instance could read the figures above from PostgreSQL.',
          [{ value: 0 }],
        ),
      );
    }
    families.push(...processFamilies(sources.eventLoopDelay));
    return `${families.join('\n')}\n`;
  };
}
