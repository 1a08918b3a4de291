import { createMailer } from '@scrapper/integrations/mail/send-mail';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { pino, type Logger as PinoLogger } from 'pino';
import { jobCatalog, readJobRequestId, type JobPayload, type QueueName } from '@scrapper/contracts/jobs';
import { JAKARTA_TIME_ZONE } from '@scrapper/contracts/rules/jakarta-time';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS } from '@scrapper/contracts/rules/log-redaction';
import type { Database } from '@scrapper/db/client';
import { enqueue, runWithRequestId, startBoss, type Boss } from '@scrapper/db/queue';
import { deleteWorkerHeartbeat, upsertWorkerHeartbeat } from '@scrapper/db/queries/workers';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import { startGuardProxy } from '@scrapper/integrations/guard-proxy';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createYtDlp } from '@scrapper/integrations/yt-dlp';
import { createStorage } from '@scrapper/integrations/storage/create-storage';
import type { Env } from './env.ts';
import { startHousekeeping } from './housekeeping/start-housekeeping.ts';
import { jobRegistry } from './jobs/index.ts';
import type { JobContext, JobDeps, JobHandler, JobOutcome } from './jobs/types.ts';
import { createYtDlpTools } from './tools/yt-dlp-tools.ts';

// pg-boss polls each queue every 2 s by default, and a worker slot that finished a job within
// that time waits out the rest before it asks for the next one: a 0.6 s download then costs 2 s
// of the slot. Where a member waits for the result (a batch, a preview), ask every 0.5 s
// (pg-boss's minimum); downloads of more than 0.4 s then follow each other without a pause.
// New jobs wake the workers through LISTEN/NOTIFY (startBoss `listen`), so what polling
// still does is the floor: a slot that frees up asks again after this long, and NOTIFYs lost in a
// reconnect are caught up. pg-boss would relax polling to 30 s while NOTIFY works; it keeps
// these intervals instead (notifyPollingIntervalSeconds), so a busy queue drains as before.
// WORKER_POLL_SECONDS sets one interval for every queue (the tests ask every 0.5 s, so a retry
// whose delay has passed does not wait out a 2 s poll).
const POLLING_SECONDS: Partial<Record<QueueName, number>> = {
  'video.download': 0.5,
  'video.preview': 0.5,
};
const DEFAULT_POLLING_SECONDS = 2;
/** The daily check of the managed yt-dlp (Asia/Jakarta), off the hour. */
const YTDLP_UPDATE_CRON = '17 3 * * *';

export interface RunningWorker {
  id: string;
  boss: Boss;
  queues: QueueName[];
  /** Stops taking jobs, lets active ones finish within the grace, then hands the rest back to the queue. */
  stop(): Promise<void>;
}

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The worker's JSON logger (pino, the API's redaction): what main.ts writes to stdout. Given a
 * plain Logger instead (tests pass `quiet`), its lines go there as JSON text.
 */
export function createWorkerLogger(options: { level: string; destination?: { write(line: string): void } }): PinoLogger {
  return pino(
    {
      level: options.level,
      base: { name: 'worker', pid: process.pid },
      redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
    },
    options.destination ?? pino.destination({ sync: true }),
  );
}

function isPino(log: Logger): log is PinoLogger {
  return typeof (log as Partial<PinoLogger>).child === 'function' && typeof (log as Partial<PinoLogger>).level === 'string';
}

/** A pino logger for `log`: itself, or one whose JSON lines are handed to its info and error. */
function toPino(log: Logger, level: string): PinoLogger {
  if (isPino(log)) return log;
  return createWorkerLogger({
    level,
    destination: {
      write(line: string) {
        const text = line.trimEnd();
        if (/"level":(5|6)\d/.test(text)) log.error(text);
        else log.info(text);
      },
    },
  });
}

function runHandler<Q extends QueueName>(queue: Q, data: unknown, ctx: JobContext): Promise<JobOutcome | void> {
  const payload = jobCatalog[queue].payload.parse(data) as JobPayload<Q>;
  const handler = jobRegistry[queue] as JobHandler<Q>;
  return handler(payload, ctx);
}

const noop = () => undefined;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1).replace('.', ',')} dtk`;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** After the grace, how long aborted handlers get to wind down (kill children, clean up). */
const HANDLER_SETTLE_MS = 5000;

/**
 * pg-boss's shutdown fails an interrupted job like any failed attempt: with attempts left it goes
 * to `retry`, but on its last attempt it would end `failed`, lost through no fault of its own.
 * Such a job gets one more attempt instead (pg-boss's retry() raises its limit by one).
 */
async function handBack(boss: Boss, interrupted: Array<{ jobId: string; queue: QueueName }>, log: Logger): Promise<void> {
  for (const { jobId, queue } of interrupted) {
    try {
      const job = await boss.getJobById(queue, jobId);
      if (job?.state === 'failed') await boss.retry(queue, jobId);
    } catch (error) {
      log.error(`[worker] could not hand job ${jobId} (${queue}) back: ${String(error)}`);
    }
  }
}

export async function startWorker(env: Env, database: Database, log: Logger): Promise<RunningWorker> {
  const id = randomUUID();
  const logger = toPino(log, env.logLevel).child({ workerId: id });
  const boss = await startBoss(env.databaseUrl, {
    supervise: true,
    listen: true,
    // The daily yt-dlp check is a pg-boss schedule; workers run the cron passes.
    schedule: true,
    max: 4,
    onError: (error) => log.error(`[worker] pg-boss: ${error.message}`),
  });
  const queues = env.queues;
  // Every request yt-dlp makes (redirects, playlists, media URLs) passes the URL guard through
  // this proxy; one per process, closed on stop. Not needed when private networks are allowed.
  const ytDlpGuard = env.allowPrivateNetworkFetch
    ? undefined
    : await startGuardProxy({ allowHosts: env.fetchAllowPrivateHosts, onError: (error) => log.error(`[worker] guard proxy: ${error.message}`) });
  const storage = createStorage(env.storage);
  const ytdlpTools = createYtDlpTools({ env, database, workerId: id, log });
  const deps: JobDeps = {
    secrets: createSecretBox(env.secretsKey, env.secretsKeyPrevious),
    storage,
    apifyBaseUrl: env.apifyBaseUrl,
    apifyPollSeconds: env.apifyPollSeconds,
    ytdlp: createYtDlp({
      binary: ytdlpTools.binary,
      ffmpegLocation: env.ffmpegPath,
      allowPrivateNetwork: env.allowPrivateNetworkFetch,
      allowHosts: env.fetchAllowPrivateHosts,
      proxyUrl: ytDlpGuard?.url,
      tempRoot: env.tempDir,
    }),
    ffmpeg: createFfmpeg({ ffmpeg: env.ffmpegPath, ffprobe: env.ffprobePath }),
    allowPrivateNetworkFetch: env.allowPrivateNetworkFetch,
    fetchAllowPrivateHosts: env.fetchAllowPrivateHosts,
    maxDownloadBytes: env.maxDownloadBytes,
    tempDir: env.tempDir,
    previewRetentionSeconds: env.previewRetentionSeconds,
    webhookTimeoutMs: env.webhookTimeoutMs,
    publicBaseUrl: env.publicBaseUrl,
    automationRunWaitSeconds: env.automationRunWaitSeconds,
    gemini: env.gemini,
    google: env.google,
    publish: env.publish,
    ytdlpTools,
    mailer: env.mail ? createMailer(env.mail) : null,
  };

  // The jobs whose handler runs now: what a shutdown interrupts, if they outlive its grace.
  const running = new Map<string, { queue: QueueName; settled: Promise<void> }>();
  for (const queue of queues) {
    await boss.work(
      queue,
      {
        localConcurrency: env.concurrency[queue],
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: env.pollSeconds ?? POLLING_SECONDS[queue] ?? DEFAULT_POLLING_SECONDS,
        notifyPollingIntervalSeconds: env.pollSeconds ?? POLLING_SECONDS[queue] ?? DEFAULT_POLLING_SECONDS,
      },
      async (jobs) => {
        for (const job of jobs) {
          // Every line of this job carries its queue, id and the request that enqueued it; jobs
          // it enqueues carry the same request id (runWithRequestId, read by enqueue).
          const requestId = readJobRequestId(job.data);
          const jobLog = logger.child({ queue, jobId: job.id, ...(requestId ? { requestId } : {}) });
          const run = runWithRequestId(requestId, () =>
            runHandler(queue, job.data, {
              database,
              log: jobLog,
              deps,
              workerId: id,
              signal: job.signal,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              isLastAttempt: job.retryCount >= job.retryLimit,
              enqueue: (q, payload, options) => enqueue(boss, q, payload, options),
            }),
          );
          running.set(job.id, { queue, settled: run.then(noop, noop) });
          const started = Date.now();
          try {
            const outcome = await run;
            // One line per finished job; its msg is what `npm start`'s console shows of the work:
            // a recorded failure as a warning with its reason, a job that had nothing to do at
            // debug level (not on the console: a tick every minute buried the rest).
            const fields = { event: 'job.finished', durationMs: Date.now() - started };
            const head = `[job] ${queue} ${job.id.slice(0, 8)}`;
            if (outcome?.kind === 'failed') {
              jobLog.warn({ ...fields, outcome: 'failed' }, `${head} gagal (${seconds(started)}): ${outcome.reason.split('\n')[0] ?? ''}`);
            } else if (outcome?.kind === 'idle') {
              jobLog.debug({ ...fields, outcome: 'idle' }, `${head} tidak ada yang dikerjakan`);
            } else {
              jobLog.info(fields, `${head} selesai (${seconds(started)})`);
            }
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            jobLog.error(
              { event: 'job.failed', durationMs: Date.now() - started, attempt: job.retryCount, err: error },
              `[job] ${queue} ${job.id.slice(0, 8)} gagal (${seconds(started)}): ${reason.split('\n')[0] ?? ''}`,
            );
            throw error;
          } finally {
            running.delete(job.id);
          }
        }
      },
    );
  }

  const beat = () =>
    upsertWorkerHeartbeat(database.db, { id, hostname: hostname(), pid: process.pid, queues }).catch(
      (error: unknown) => log.error(`[worker] heartbeat failed: ${String(error)}`),
    );
  await beat();
  const timer = setInterval(() => void beat(), env.heartbeatIntervalSeconds * 1000);
  // In the background (readiness does not wait for a download): the tool report, the start
  // check of the managed yt-dlp, then its catch-up timer.
  ytdlpTools.start();
  if (queues.includes('tools.ytdlp-update')) {
    // Every worker that serves the queue writes the same schedule (an upsert): 03:17 in Jakarta.
    await boss
      .schedule('tools.ytdlp-update', YTDLP_UPDATE_CRON, {}, { tz: JAKARTA_TIME_ZONE })
      .catch((error: unknown) => log.error(`[worker] could not schedule the daily yt-dlp check: ${String(error)}`));
  }
  if (queues.includes('automation.tick')) {
    // The automations' scheduler: every minute, an upsert like the one above.
    await boss
      .schedule('automation.tick', '* * * * *', {}, { tz: JAKARTA_TIME_ZONE })
      .catch((error: unknown) => log.error(`[worker] could not schedule the automations' tick: ${String(error)}`));
  }
  await startHousekeeping({ env, database, boss, log });
  log.info(`[worker] ${id} running ${queues.join(', ') || 'no queues'}`);

  let stopping: Promise<void> | undefined;
  return {
    id,
    boss,
    queues,
    stop() {
      stopping ??= (async () => {
        // A yt-dlp check in progress is abandoned (the old copy stays; the next start checks).
        await ytdlpTools.stop();
        // pg-boss stops fetching, waits up to the grace for the active jobs, then fails whatever
        // still runs back to the queue (state retry, another worker takes it) and aborts its
        // signal, which stops the handler's yt-dlp, ffmpeg or upload. The heartbeat row stays
        // fresh meanwhile: the process is alive until the drain is over.
        await boss.stop({ graceful: true, timeout: env.shutdownGraceSeconds * 1000, close: false });
        const interrupted = [...running.entries()].map(([jobId, r]) => ({ jobId, ...r }));
        if (interrupted.length > 0) {
          log.info(`[worker] ${id} handing ${interrupted.length} unfinished job(s) back to the queue`);
          // Let the aborted handlers remove their temp folders before the pools close.
          await Promise.race([Promise.all(interrupted.map((r) => r.settled)), delay(HANDLER_SETTLE_MS)]);
          await handBack(boss, interrupted, log);
        }
        clearInterval(timer);
        await boss.stop({ close: true });
        await ytDlpGuard?.close();
        storage.close();
        await deleteWorkerHeartbeat(database.db, id);
        log.info(`[worker] ${id} stopped`);
      })();
      return stopping;
    },
  };
}
