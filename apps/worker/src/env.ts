// The worker's whole configuration, parsed once at start. `process.env` is read only here.
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadOrCreateLocalSecrets } from '@scrapper/integrations/local-secrets';
import { parseSecretsKey } from '@scrapper/integrations/secret-box';
import { concurrencyEnvName, jobCatalog, queueNames, type QueueName } from '@scrapper/contracts/jobs';

const BaseSchema = z.object({
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must be a postgres:// URL'),
  DATA_DIR: z.string().min(1).default('./.data'),
  HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().positive().default(10),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  DB_POOL_MAX: z.coerce.number().int().positive().default(5),
  SECRETS_KEY: z
    .string()
    .refine((v) => {
      try {
        parseSecretsKey(v);
        return true;
      } catch {
        return false;
      }
    }, 'SECRETS_KEY must be 32 bytes, base64-encoded')
    .optional(),
  STORAGE_DRIVER: z.enum(['local'], { message: 'STORAGE_DRIVER: only "local" is available in this version' }).default('local'),
  APIFY_BASE_URL: z.url().default('https://api.apify.com'),
  YTDLP_PATH: z.string().min(1).default('yt-dlp'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  ALLOW_PRIVATE_NETWORK_FETCH: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  MAX_DOWNLOAD_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024 * 1024),
  /** Seconds one Apify long-poll may wait for a run to change. */
  APIFY_POLL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  GOOGLE_API_ROOT_URL: z.url().optional(),
  GOOGLE_OAUTH_AUTH_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
});

export interface Env {
  databaseUrl: string;
  dataDir: string;
  heartbeatIntervalSeconds: number;
  shutdownTimeoutSeconds: number;
  dbPoolMax: number;
  secretsKey: string;
  storageDir: string;
  apifyBaseUrl: string;
  apifyPollSeconds: number;
  ytdlpPath: string;
  ffmpegPath: string;
  ffprobePath: string;
  allowPrivateNetworkFetch: boolean;
  maxDownloadBytes: number;
  /** Job folders for downloads in progress (DATA_DIR/tmp). */
  tempDir: string;
  /** Jobs one process runs at once, per queue (WORKER_CONCURRENCY_<QUEUE>; 0 = not this queue). */
  concurrency: Record<QueueName, number>;
  /** YouTube Data API and OAuth endpoints; undefined means Google's own. */
  google: { apiRootUrl?: string; oauthAuthUrl?: string; oauthTokenUrl?: string };
}

export class EnvError extends Error {}

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
  if (!base.success || issues.length > 0) throw new EnvError(`Invalid configuration:\n${issues.join('\n')}`);
  const e = base.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir,
    heartbeatIntervalSeconds: e.HEARTBEAT_INTERVAL_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    dbPoolMax: e.DB_POOL_MAX,
    // Shared with the API through DATA_DIR when not given (one machine).
    secretsKey: e.SECRETS_KEY ?? loadOrCreateLocalSecrets(dataDir).secretsKey,
    storageDir: resolve(dataDir, 'storage'),
    apifyBaseUrl: e.APIFY_BASE_URL.replace(/\/+$/, ''),
    apifyPollSeconds: e.APIFY_POLL_SECONDS,
    ytdlpPath: e.YTDLP_PATH,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH,
    maxDownloadBytes: e.MAX_DOWNLOAD_BYTES,
    tempDir: resolve(dataDir, 'tmp'),
    concurrency,
    google: {
      apiRootUrl: e.GOOGLE_API_ROOT_URL,
      oauthAuthUrl: e.GOOGLE_OAUTH_AUTH_URL,
      oauthTokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
    },
  };
}
