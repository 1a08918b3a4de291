// The worker's whole configuration, parsed once at start. `process.env` is read only here.
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadOrCreateLocalSecrets } from '@scrapper/integrations/local-secrets';
import { isSecretsKey } from '@scrapper/integrations/secret-box';
import { StorageConfigError, storageConfigFromEnv, type StorageConfig } from '@scrapper/integrations/storage/create-storage';
import { privateFetchWarning } from '@scrapper/contracts/rules/private-fetch';
import { DatabaseUrlSchema, EnvError, envFlag, FetchAllowPrivateHostsSchema, LogLevelSchema, MailEnvShape, mailSettings, ProgramEnvShape, PublicBaseUrlSchema, ytDlpSettings, type MailSettings, type YtDlpSettings } from '@scrapper/contracts/rules/env-values';
import { concurrencyEnvName, jobCatalog, queueNames, type QueueName } from '@scrapper/contracts/jobs';

/** A SECRETS_KEY-shaped setting (32 bytes, base64), named in its error. */
const secretsKey = (name: string) => z.string().refine(isSecretsKey, `${name} must be 32 bytes, base64-encoded`).optional();

const BaseSchema = z.object({
  DATABASE_URL: DatabaseUrlSchema,
  DATA_DIR: z.string().min(1).default('./.data'),
  HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().positive().default(10),
  /** On SIGTERM, how long active jobs may run on before they are handed back to the queue. */
  WORKER_SHUTDOWN_GRACE_S: z.coerce.number().positive().max(24 * 3600).optional(),
  /** Deprecated name of WORKER_SHUTDOWN_GRACE_S (still read when the new one is unset). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(24 * 3600).optional(),
  /** Comma-separated queues this process serves, e.g. `video.download,video.preview`; unset: all. */
  WORKER_QUEUES: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().positive().default(5),
  /** The JSON log's level (the API reads the same name). */
  LOG_LEVEL: LogLevelSchema,
  SECRETS_KEY: secretsKey('SECRETS_KEY'),
  /** The old key while `pnpm secrets:rotate` moves every sealed value to SECRETS_KEY: values it sealed still open. */
  SECRETS_KEY_PREVIOUS: secretsKey('SECRETS_KEY_PREVIOUS'),
  APIFY_BASE_URL: z.url().default('https://api.apify.com'),
  ...ProgramEnvShape,
  ...MailEnvShape,
  ALLOW_PRIVATE_NETWORK_FETCH: envFlag(false),
  FETCH_ALLOW_PRIVATE_HOSTS: FetchAllowPrivateHostsSchema,
  MAX_DOWNLOAD_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024 * 1024),
  /** Seconds one Apify long-poll may wait for a run to change. */
  APIFY_POLL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** Preview clips older than this are removed (file and row) by the maintenance sweep. */
  PREVIEW_RETENTION_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
  /** One webhook delivery attempt: connect, send and the receiver's answer (issue 21 item 3). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  /**
   * How often every queue asks for its next job when no NOTIFY woke it; unset: each queue's own
   * (0.5 s for downloads and previews, 2 s for the rest). pg-boss's minimum is 0.5.
   */
  WORKER_POLL_SECONDS: z.coerce.number().min(0.5).max(60).optional(),
  /** How long an automation run waits before it looks at its scrape or downloads again. */
  AUTOMATION_RUN_WAIT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** How long pg-boss keeps finished jobs; unset: each queue's own (7 days, previews 1 day). */
  JOB_RETENTION_DAYS: z.coerce.number().positive().max(365).optional(),
  GOOGLE_API_ROOT_URL: z.url().optional(),
  GOOGLE_OAUTH_AUTH_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  /** Gemini REST root (automations' Gemini metadata); Google's when unset. */
  GEMINI_BASE_URL: z.url().optional(),
  /** Where users reach the app: webhook payloads' `link` is made absolute on it. */
  PUBLIC_BASE_URL: PublicBaseUrlSchema,
  /** The Gemini model; unset: the newest usable flash model the key lists. */
  GEMINI_MODEL: z.string().trim().min(1).max(100).optional(),
  /** Where TikTok's Content Posting API and Meta's Graph and rupload live (the API reads the same names). */
  TIKTOK_API_BASE_URL: z.url().default('https://open.tiktokapis.com'),
  META_AUTH_URL: z.url().default('https://www.facebook.com/v24.0/dialog/oauth'),
  META_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/, 'META_GRAPH_VERSION must look like v24.0').default('v24.0'),
  META_UPLOAD_BASE_URL: z.url().default('https://rupload.facebook.com'),
});

export interface Env {
  databaseUrl: string;
  dataDir: string;
  heartbeatIntervalSeconds: number;
  /** WORKER_SHUTDOWN_GRACE_S: on SIGTERM, active jobs get this long to finish before they go back to the queue. */
  shutdownGraceSeconds: number;
  /** The queues this process serves: WORKER_QUEUES (or every queue), minus those set to concurrency 0. */
  queues: QueueName[];
  /** Settings that still work but have a new name: main.ts prints these at start. */
  warnings: string[];
  dbPoolMax: number;
  logLevel: z.infer<typeof LogLevelSchema>;
  secretsKey: string;
  /** SECRETS_KEY_PREVIOUS: also accepted when opening secrets, during a rotation. */
  secretsKeyPrevious: string | undefined;
  /** STORAGE_DRIVER and S3_*: the local folder (DATA_DIR/storage, shared with the API) or the S3 bucket. */
  storage: StorageConfig;
  apifyBaseUrl: string;
  apifyPollSeconds: number;
  /** The managed yt-dlp: YTDLP_PATH pins it; else DATA_DIR/tools, kept current from the release channel. */
  ytdlp: YtDlpSettings;
  ffmpegPath: string;
  ffprobePath: string;
  allowPrivateNetworkFetch: boolean;
  /** FETCH_ALLOW_PRIVATE_HOSTS: `host:port` destinations the URL guard lets through. */
  fetchAllowPrivateHosts: string[];
  maxDownloadBytes: number;
  /** Job folders for downloads in progress (DATA_DIR/tmp). */
  tempDir: string;
  /** PREVIEW_RETENTION_HOURS in seconds: the sweep removes preview clips finished longer ago. */
  previewRetentionSeconds: number;
  /** WEBHOOK_TIMEOUT_SECONDS in milliseconds: the longest one delivery attempt waits. */
  webhookTimeoutMs: number;
  /** PUBLIC_BASE_URL without a trailing slash; undefined: webhook links stay app paths. */
  publicBaseUrl: string | undefined;
  /** WORKER_POLL_SECONDS: every queue's polling interval; undefined: each queue's own. */
  pollSeconds: number | undefined;
  /** AUTOMATION_RUN_WAIT_SECONDS: an automation run's pause before it looks again. */
  automationRunWaitSeconds: number;
  /** JOB_RETENTION_DAYS in seconds (pg-boss deleteAfterSeconds of every queue); undefined: the catalog's. */
  jobRetentionSeconds: number | undefined;
  /** Jobs one process runs at once, per queue (WORKER_CONCURRENCY_<QUEUE>; 0 = not this queue). */
  concurrency: Record<QueueName, number>;
  /** YouTube Data API and OAuth endpoints; undefined means Google's own. */
  google: { apiRootUrl?: string; oauthAuthUrl?: string; oauthTokenUrl?: string };
  /** GEMINI_BASE_URL and GEMINI_MODEL, as the API reads them. */
  gemini: { baseUrl: string | undefined; model: string | undefined };
  /** TIKTOK_API_BASE_URL and META_*: where the publish job posts (issue 33). */
  publish: PublishEndpoints;
  /** SMTP_URL and MAIL_FROM (the API reads the same names); null: mail.send jobs are not sent. */
  mail: MailSettings | null;
}

export interface PublishEndpoints {
  tiktokApiBaseUrl: string;
  meta: { authUrl: string; graphBaseUrl: string; graphVersion: string; uploadBaseUrl: string };
}

/**
 * WORKER_QUEUES: names of the job catalog, comma-separated (spaces allowed). Undefined when
 * unset (serve every queue); an unknown or empty list is a configuration error.
 */
function parseQueueList(raw: string | undefined, issues: string[]): QueueName[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(queueNames as string[]).includes(n));
  if (unknown.length > 0) issues.push(`  WORKER_QUEUES: unknown queue ${unknown.join(', ')} (known: ${queueNames.join(', ')})`);
  else if (names.length === 0) issues.push(`  WORKER_QUEUES: name at least one queue (known: ${queueNames.join(', ')})`);
  return [...new Set(names)] as QueueName[];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const issues: string[] = [];
  const base = BaseSchema.safeParse(cleaned);
  if (!base.success) issues.push(...base.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));

  const concurrency = {} as Record<QueueName, number>;
  for (const queue of queueNames) {
    const name = concurrencyEnvName(queue);
    const raw = cleaned[name];
    const parsed = z.coerce.number().int().min(0).max(64).safeParse(raw ?? jobCatalog[queue].policy.defaultConcurrency);
    if (parsed.success) concurrency[queue] = parsed.data;
    else issues.push(`  ${name}: must be a whole number from 0 to 64`);
  }
  let storage: StorageConfig | undefined;
  try {
    storage = storageConfigFromEnv(cleaned);
  } catch (error) {
    if (!(error instanceof StorageConfigError)) throw error;
    issues.push(...error.issues.map((i) => `  ${i}`));
  }
  const selected = parseQueueList(cleaned.WORKER_QUEUES, issues);
  if (selected) {
    for (const queue of selected) {
      if (concurrency[queue] === 0) issues.push(`  WORKER_QUEUES: ${queue} is listed but ${concurrencyEnvName(queue)} is 0`);
    }
  }
  const mail = base.success ? mailSettings(base.data) : { settings: null };
  if (mail.issue) issues.push(`  ${mail.issue}`);
  if (!base.success || !storage || issues.length > 0) throw new EnvError(`Invalid configuration:\n${issues.join('\n')}`);
  const e = base.data;
  const warnings: string[] = [];
  if (e.SHUTDOWN_TIMEOUT_SECONDS !== undefined) {
    warnings.push(
      e.WORKER_SHUTDOWN_GRACE_S === undefined
        ? 'SHUTDOWN_TIMEOUT_SECONDS is deprecated: rename it to WORKER_SHUTDOWN_GRACE_S'
        : 'SHUTDOWN_TIMEOUT_SECONDS is deprecated and ignored: WORKER_SHUTDOWN_GRACE_S is set',
    );
  }
  const privateFetch = privateFetchWarning({ allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH, allowHosts: e.FETCH_ALLOW_PRIVATE_HOSTS }, 'worker ini');
  if (privateFetch) warnings.push(privateFetch);
  const dataDir = resolve(e.DATA_DIR);
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir,
    heartbeatIntervalSeconds: e.HEARTBEAT_INTERVAL_SECONDS,
    shutdownGraceSeconds: e.WORKER_SHUTDOWN_GRACE_S ?? e.SHUTDOWN_TIMEOUT_SECONDS ?? 30,
    queues: queueNames.filter((q) => concurrency[q] > 0 && (!selected || selected.includes(q))),
    warnings,
    dbPoolMax: e.DB_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    // Shared with the API through DATA_DIR when not given (one machine).
    secretsKey: e.SECRETS_KEY ?? loadOrCreateLocalSecrets(dataDir).secretsKey,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    storage,
    apifyBaseUrl: e.APIFY_BASE_URL.replace(/\/+$/, ''),
    apifyPollSeconds: e.APIFY_POLL_SECONDS,
    ytdlp: ytDlpSettings(e, resolve(dataDir, 'tools')),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH,
    fetchAllowPrivateHosts: e.FETCH_ALLOW_PRIVATE_HOSTS,
    maxDownloadBytes: e.MAX_DOWNLOAD_BYTES,
    tempDir: resolve(dataDir, 'tmp'),
    previewRetentionSeconds: Math.round(e.PREVIEW_RETENTION_HOURS * 3600),
    webhookTimeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    pollSeconds: e.WORKER_POLL_SECONDS,
    automationRunWaitSeconds: e.AUTOMATION_RUN_WAIT_SECONDS,
    jobRetentionSeconds: e.JOB_RETENTION_DAYS === undefined ? undefined : Math.round(e.JOB_RETENTION_DAYS * 86_400),
    concurrency,
    google: {
      apiRootUrl: e.GOOGLE_API_ROOT_URL,
      oauthAuthUrl: e.GOOGLE_OAUTH_AUTH_URL,
      oauthTokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
    },
    gemini: { baseUrl: e.GEMINI_BASE_URL, model: e.GEMINI_MODEL },
    publish: {
      tiktokApiBaseUrl: e.TIKTOK_API_BASE_URL.replace(/\/+$/, ''),
      meta: { authUrl: e.META_AUTH_URL, graphBaseUrl: e.META_GRAPH_BASE_URL.replace(/\/+$/, ''), graphVersion: e.META_GRAPH_VERSION, uploadBaseUrl: e.META_UPLOAD_BASE_URL.replace(/\/+$/, '') },
    },
    mail: mail.settings,
  };
}
