import { AsyncLocalStorage } from 'node:async_hooks';
import { PgBoss } from 'pg-boss';
import type { SendOptions } from 'pg-boss';
import type postgres from 'postgres';
import { jobCatalog, queueNames, type JobPayload, type QueueName } from '@scrapper/contracts/jobs';

export type Boss = PgBoss;

export interface CreateBossOptions {
  /** Pool size for pg-boss's own connections. */
  max?: number;
  onError?: (error: Error) => void;
  /** Producers (the API) need no supervision or scheduling of their own. */
  supervise?: boolean;
  /**
   * How often a supervising instance looks for expired jobs and stale heartbeats. pg-boss's
   * default (60 s) is right for production; tests that kill workers look every second.
   */
  superviseIntervalSeconds?: number;
  /**
   * Workers: hold one connection that LISTENs for pg-boss's NOTIFY, so a job sent by any
   * process (the API's enqueue commits one) wakes this instance's workers at once instead of at
   * their next poll. Producers need not listen: every queue is created with `notify`, so their
   * sends NOTIFY (in the sending transaction, delivered on commit). Polling stays as the floor.
   */
  listen?: boolean;
  /**
   * Run pg-boss's cron passes (boss.schedule): workers, which own the schedules (the daily
   * yt-dlp check). Producers (the API) leave it off. Default false.
   */
  schedule?: boolean;
  /**
   * How long finished jobs (completed, failed, cancelled) stay in pg-boss's table: a number of
   * seconds for every queue, or `catalog` for each queue's own retention (the job catalog).
   * pg-boss 12 has no archive table: a finished job is deleted once this has passed.
   * Unset: queues that exist keep what they have, so the API (a producer) never undoes the
   * workers' JOB_RETENTION_DAYS; new queues start with the catalog's.
   */
  jobRetention?: number | 'catalog';
}

/**
 * How often each instance reads the queue table again (pg-boss's default: 60 s). Its copy holds
 * a stately queue's active singleton keys, which a fetch skips: after a dead worker's job is
 * failed over, another worker that read the table while the job was still active would leave
 * the retry waiting up to a minute more. The read is one small select over the queue table.
 */
export const QUEUE_CACHE_SECONDS = 5;

/** Starts pg-boss on our database and creates every queue of the job catalog. */
export async function startBoss(url: string, options: CreateBossOptions = {}): Promise<Boss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: options.max ?? 4,
    application_name: 'scrapper-boss',
    supervise: options.supervise ?? true,
    ...(options.superviseIntervalSeconds
      ? { superviseIntervalSeconds: options.superviseIntervalSeconds, monitorIntervalSeconds: options.superviseIntervalSeconds }
      : {}),
    schedule: options.schedule ?? false,
    queueCacheIntervalSeconds: QUEUE_CACHE_SECONDS,
    useListenNotify: options.listen ?? false,
  });
  // Without an error listener a database error would end the process.
  boss.on('error', options.onError ?? ((error: Error) => console.error('[pg-boss]', error.message)));
  await boss.start();
  await ensureQueues(boss, options.jobRetention);
  return boss;
}

export async function ensureQueues(boss: Boss, jobRetention?: number | 'catalog'): Promise<void> {
  for (const name of queueNames) {
    const { policy } = jobCatalog[name];
    const options = {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.retryBackoff,
      expireInSeconds: policy.expireInSeconds,
      // Sends NOTIFY the listening workers (see CreateBossOptions.listen): a member who starts
      // a scrape or a download waits for no poll.
      notify: true,
      ...('heartbeatSeconds' in policy ? { heartbeatSeconds: policy.heartbeatSeconds } : {}),
    };
    const queuePolicy = 'queuePolicy' in policy ? { policy: policy.queuePolicy } : {};
    const deleteAfterSeconds = typeof jobRetention === 'number' ? jobRetention : policy.retentionSeconds;
    const existing = await boss.getQueue(name);
    if (existing) await boss.updateQueue(name, jobRetention === undefined ? options : { ...options, deleteAfterSeconds });
    else await boss.createQueue(name, { ...options, ...queuePolicy, deleteAfterSeconds });
  }
}

/** pg-boss's database adapter over a postgres.js transaction: the job commits with our rows. */
export function bossTransaction(tx: postgres.TransactionSql) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const rows = await tx.unsafe(text, (values ?? []) as postgres.ParameterOrJSON<never>[]);
      return { rows: [...rows] };
    },
  };
}

/**
 * The request (or job) on whose behalf this code runs: the API enters it for each HTTP request,
 * the worker for each job, so enqueue can stamp the request id on every job sent meanwhile
 * without each service passing it along.
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? requestScope.run({ requestId }, fn) : fn();
}

export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * Enqueues a job after validating its payload against the catalog. The job's data carries the
 * current request id beside the payload (JobMeta in the contracts), for the worker's log lines.
 */
export async function enqueue<Q extends QueueName>(
  boss: Boss,
  queue: Q,
  payload: JobPayload<Q>,
  options: SendOptions = {},
): Promise<string | null> {
  const data = jobCatalog[queue].payload.parse(payload);
  const requestId = currentRequestId();
  return boss.send(queue, requestId ? { ...data, requestId } : data, options);
}
