import type { JobPayload, QueueName } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import type { SendOptions } from 'pg-boss';
import type { Ffmpeg } from '@scrapper/integrations/ffmpeg';
import type { GoogleEndpoints } from '@scrapper/integrations/youtube';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { YtDlp } from '@scrapper/integrations/yt-dlp';
import type { Storage } from '@scrapper/integrations/storage/storage';
import type { Mailer } from '@scrapper/integrations/mail/send-mail';
import type { YtDlpTools } from '../tools/yt-dlp-tools.ts';
import type { PublishEndpoints } from '../env.ts';

/** What jobs need of the outside world, built once per worker process. */
export interface JobDeps {
  secrets: SecretBox;
  storage: Storage;
  apifyBaseUrl: string;
  apifyPollSeconds: number;
  ytdlp: YtDlp;
  ffmpeg: Ffmpeg;
  allowPrivateNetworkFetch: boolean;
  /** FETCH_ALLOW_PRIVATE_HOSTS. */
  fetchAllowPrivateHosts: readonly string[];
  maxDownloadBytes: number;
  tempDir: string;
  /** PREVIEW_RETENTION_HOURS in seconds: the maintenance sweep removes older preview clips. */
  previewRetentionSeconds: number;
  /** WEBHOOK_TIMEOUT_SECONDS: the longest one webhook delivery attempt waits. */
  webhookTimeoutMs: number;
  /** PUBLIC_BASE_URL (no trailing slash): webhook payloads' `link` is sent absolute on it. */
  publicBaseUrl: string | undefined;
  /** AUTOMATION_RUN_WAIT_SECONDS: how long a run waits before it looks at its scrape or downloads again. */
  automationRunWaitSeconds: number;
  /** Where Gemini lives and which model (automations writing upload metadata). */
  gemini: { baseUrl: string | undefined; model: string | undefined };
  /** Where the YouTube Data API and OAuth live (Google's own when empty). */
  google: GoogleEndpoints;
  /** The managed yt-dlp: update checks, the tool report. */
  ytdlpTools: YtDlpTools;
  /** Where TikTok and Meta live (TIKTOK_API_BASE_URL, META_*). */
  publish: PublishEndpoints;
  /** SMTP_URL and MAIL_FROM's mailer; null when this worker has no SMTP_URL. */
  mailer: Mailer | null;
}

/**
 * A job's logger: pino's child of the worker's, every line carrying the queue, the job id and
 * the request id that enqueued it (when it came from an HTTP request or another job).
 */
export interface JobLogger {
  info(message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface JobContext {
  database: Database;
  log: JobLogger;
  deps: JobDeps;
  workerId: string;
  /** Aborts when the job outlives its expiry or the worker is told to stop. */
  signal: AbortSignal;
  /** This attempt's number, from 0, and how many retries the queue allows. */
  retryCount: number;
  retryLimit: number;
  isLastAttempt: boolean;
  /** Sends a job (e.g. the same job again after a quota wait). */
  enqueue<Q extends QueueName>(queue: Q, payload: JobPayload<Q>, options?: SendOptions): Promise<string | null>;
}

/**
 * What a job that ended without throwing has to tell the console (issue 31 item 5): the work it
 * was for failed and that failure is recorded (a scrape the actor failed, a download yt-dlp could
 * not make, a change YouTube refused): printed as a warning with the reason, not "selesai"; or
 * it had nothing to do (a tick with nothing due): not printed. Nothing: it did its work.
 */
export type JobOutcome = { kind: 'failed'; reason: string } | { kind: 'idle' };

export type JobHandler<Q extends QueueName> = (payload: JobPayload<Q>, ctx: JobContext) => Promise<JobOutcome | void>;
