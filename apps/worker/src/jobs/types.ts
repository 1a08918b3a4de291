import type { JobPayload, QueueName } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import type { Ffmpeg } from '@scrapper/integrations/ffmpeg';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { YtDlp } from '@scrapper/integrations/yt-dlp';
import type { Storage } from '@scrapper/integrations/storage/storage';

/** What jobs need of the outside world, built once per worker process. */
export interface JobDeps {
  secrets: SecretBox;
  storage: Storage;
  apifyBaseUrl: string;
  apifyPollSeconds: number;
  ytdlp: YtDlp;
  ffmpeg: Ffmpeg;
  allowPrivateNetworkFetch: boolean;
  maxDownloadBytes: number;
  tempDir: string;
}

export interface JobContext {
  database: Database;
  deps: JobDeps;
  workerId: string;
  /** Aborts when the job outlives its expiry or the worker is told to stop. */
  signal: AbortSignal;
  /** This attempt's number, from 0, and how many retries the queue allows. */
  retryCount: number;
  retryLimit: number;
  isLastAttempt: boolean;
}

export type JobHandler<Q extends QueueName> = (payload: JobPayload<Q>, ctx: JobContext) => Promise<void>;
