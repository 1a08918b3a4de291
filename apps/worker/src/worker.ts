import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { jobCatalog, queueNames, type JobPayload, type QueueName } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import { enqueue, startBoss, type Boss } from '@scrapper/db/queue';
import { deleteWorkerHeartbeat, upsertWorkerHeartbeat } from '@scrapper/db/queries/workers';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createYtDlp } from '@scrapper/integrations/yt-dlp';
import { createLocalStorage } from '@scrapper/integrations/storage/local';
import type { Env } from './env.ts';
import { jobRegistry } from './jobs/index.ts';
import type { JobContext, JobDeps, JobHandler } from './jobs/types.ts';

export interface RunningWorker {
  id: string;
  boss: Boss;
  queues: QueueName[];
  /** Stops taking jobs, lets active ones finish (or fails them back to the queue at the timeout). */
  stop(): Promise<void>;
}

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

function runHandler<Q extends QueueName>(queue: Q, data: unknown, ctx: JobContext): Promise<void> {
  const payload = jobCatalog[queue].payload.parse(data) as JobPayload<Q>;
  const handler = jobRegistry[queue] as JobHandler<Q>;
  return handler(payload, ctx);
}

export async function startWorker(env: Env, database: Database, log: Logger): Promise<RunningWorker> {
  const id = randomUUID();
  const boss = await startBoss(env.databaseUrl, {
    supervise: true,
    max: 4,
    onError: (error) => log.error(`[worker] pg-boss: ${error.message}`),
  });
  const queues = queueNames.filter((q) => env.concurrency[q] > 0);
  const deps: JobDeps = {
    secrets: createSecretBox(env.secretsKey),
    storage: createLocalStorage(env.storageDir),
    apifyBaseUrl: env.apifyBaseUrl,
    apifyPollSeconds: env.apifyPollSeconds,
    ytdlp: createYtDlp({
      binary: env.ytdlpPath,
      ffmpegLocation: env.ffmpegPath,
      allowPrivateNetwork: env.allowPrivateNetworkFetch,
      tempRoot: env.tempDir,
    }),
    ffmpeg: createFfmpeg({ ffmpeg: env.ffmpegPath, ffprobe: env.ffprobePath }),
    allowPrivateNetworkFetch: env.allowPrivateNetworkFetch,
    maxDownloadBytes: env.maxDownloadBytes,
    tempDir: env.tempDir,
    google: env.google,
    ffmpegPrograms: { ffmpeg: env.ffmpegPath, ffprobe: env.ffprobePath },
    ytdlpPath: env.ytdlpPath,
  };

  for (const queue of queues) {
    await boss.work(
      queue,
      { localConcurrency: env.concurrency[queue], batchSize: 1, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          await runHandler(queue, job.data, {
            database,
            deps,
            workerId: id,
            signal: job.signal,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            isLastAttempt: job.retryCount >= job.retryLimit,
            enqueue: (q, payload, options) => enqueue(boss, q, payload, options),
          });
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
  log.info(`[worker] ${id} running ${queues.join(', ') || 'no queues'}`);

  let stopping: Promise<void> | undefined;
  return {
    id,
    boss,
    queues,
    stop() {
      stopping ??= (async () => {
        clearInterval(timer);
        await boss.stop({ graceful: true, timeout: env.shutdownTimeoutSeconds * 1000, close: true });
        await deleteWorkerHeartbeat(database.db, id);
        log.info(`[worker] ${id} stopped`);
      })();
      return stopping;
    },
  };
}
