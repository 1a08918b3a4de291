// The API's whole configuration, parsed once at start. `process.env` is read only here.
import { resolve } from 'node:path';
import { EVENTS_HEARTBEAT_SECONDS } from '@scrapper/contracts/http/events';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadOrCreateLocalSecrets } from '@scrapper/integrations/local-secrets';
import { isIP } from 'node:net';
import { isSecretsKey } from '@scrapper/integrations/secret-box';
import type { FetchPolicy } from '@scrapper/integrations/url-guard';
import { StorageConfigError, storageConfigFromEnv, type StorageConfig } from '@scrapper/integrations/storage/create-storage';
import { DEFAULT_API_TOKEN_RATE_LIMIT_PER_MINUTE } from '@scrapper/contracts/http/me-tokens';
import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';
import { DatabaseUrlSchema, EnvError, envFlag, FetchAllowPrivateHostsSchema, LogLevelSchema, MailEnvShape, mailSettings, ProgramEnvShape, PublicBaseUrlSchema, ytDlpSettings, type MailSettings, type YtDlpSettings } from '@scrapper/contracts/rules/env-values';
import type { LoginLimits } from './services/auth/login-limits.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A SECRETS_KEY-shaped setting (32 bytes, base64), named in its error. */
const secretsKey = (name: string) => z.string().refine(isSecretsKey, `${name} must be 32 bytes, base64-encoded`).optional();

/** What Fastify's `trustProxy` takes: off, every hop, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be false, true, a hop count (1, 2, ...) or a comma-separated list of addresses/CIDRs (10.0.0.0/8,::1)';

/** An address or CIDR (`10.0.0.0/8`, `fd00::/8`) as proxy-addr accepts it. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default: X-Forwarded-* are ignored, the client is the socket's peer),
 * `true` (every hop is believed: only when the API cannot be reached but through the proxy),
 * a hop count (`1`: the nearest proxy) or the proxies' addresses/CIDRs (the safest: a client
 * reaching the API directly cannot choose its address). `1` is a hop count, not `true`.
 */
const TrustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === 'false' || value === '0' || value === '') return false;
    if (value === 'true') return true;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: DatabaseUrlSchema,
  DATA_DIR: z.string().min(1).default('./.data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SECRETS_KEY: secretsKey('SECRETS_KEY'),
  /** The old key while `pnpm secrets:rotate` moves every sealed value to SECRETS_KEY: values it sealed still open. */
  SECRETS_KEY_PREVIOUS: secretsKey('SECRETS_KEY_PREVIOUS'),
  ADMIN_USERNAME: z.string().min(3).max(32).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  WEB_DIST_DIR: z.string().default(defaultWebDist),
  LOG_LEVEL: LogLevelSchema,
  TRUST_PROXY: TrustProxySchema,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  APIFY_BASE_URL: z.url().default('https://api.apify.com'),
  // Google: unset means the real services (the integration adapters know their addresses).
  GOOGLE_API_ROOT_URL: z.url().optional(),
  GOOGLE_OAUTH_AUTH_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  GEMINI_BASE_URL: z.url().optional(),
  // Publishing (issue 33): TikTok's Login Kit and Content Posting API, Meta's login dialog, Graph
  // API and rupload. Real addresses by default; tests and the demo point them at the fakes.
  TIKTOK_AUTH_URL: z.url({ protocol: /^https?$/, message: 'TIKTOK_AUTH_URL must be an http(s) URL' }).default('https://www.tiktok.com/v2/auth/authorize/'),
  TIKTOK_API_BASE_URL: z.url({ protocol: /^https?$/, message: 'TIKTOK_API_BASE_URL must be an http(s) URL' }).default('https://open.tiktokapis.com'),
  META_AUTH_URL: z.url({ protocol: /^https?$/, message: 'META_AUTH_URL must be an http(s) URL' }).default('https://www.facebook.com/v24.0/dialog/oauth'),
  META_GRAPH_BASE_URL: z.url({ protocol: /^https?$/, message: 'META_GRAPH_BASE_URL must be an http(s) URL' }).default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z.string().regex(/^v\d{1,3}\.\d{1,2}$/, 'META_GRAPH_VERSION must look like v24.0').default('v24.0'),
  META_UPLOAD_BASE_URL: z.url({ protocol: /^https?$/, message: 'META_UPLOAD_BASE_URL must be an http(s) URL' }).default('https://rupload.facebook.com'),
  GEMINI_MODEL: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'GEMINI_MODEL must be a model name').optional(),
  /** The address users reach the app at (behind a proxy); the OAuth redirect URI is built on it. */
  PUBLIC_BASE_URL: PublicBaseUrlSchema,
  ...ProgramEnvShape,
  ...MailEnvShape,
  /** Testing only: a yt-dlp search URL template (`{query}`) instead of YouTube search. */
  YTDLP_AUDIO_SEARCH_URL: z.string().min(1).optional(),
  ALLOW_PRIVATE_NETWORK_FETCH: envFlag(false),
  FETCH_ALLOW_PRIVATE_HOSTS: FetchAllowPrivateHostsSchema,
  /** Lets a Prometheus scraper read /api/metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** On SIGTERM, how long in-flight requests (long downloads included) may run before their connections are cut. */
  API_SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(3600).default(10),
  /** Seconds between the heartbeat comments of GET /api/events (the session is checked again on each). */
  EVENTS_HEARTBEAT_S: z.coerce.number().min(0.05).max(300).default(EVENTS_HEARTBEAT_SECONDS),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(UPLOAD_LIMITS.videoMaxBytes, `UPLOAD_MAX_VIDEO_BYTES may be at most ${UPLOAD_LIMITS.videoMaxBytes}`)
    .default(UPLOAD_LIMITS.videoMaxBytes),
  // Login limits (issue 15): failures only are counted, within one sliding window.
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
  /** Wrong passwords from one address (browsers without a device cookie) before it waits out the window. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Wrong passwords for one username from browsers without its device cookie before those are refused. */
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Wrong passwords from one trusted device (valid device cookie) before that device alone is refused. */
  LOGIN_MAX_FAILURES_PER_DEVICE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Consecutive failures of one username at one address (or device) answered without a wait. */
  LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().min(0).max(100_000).default(3),
  /** The first wait after those; it doubles with each further failure, up to LOGIN_DELAY_MAX_SECONDS. */
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How long a browser that logged in stays a known device for its username. */
  LOGIN_DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Serve the web build's `.map` files (off: they hold the frontend's whole source). */
  SERVE_SOURCEMAPS: envFlag(false),
  /** Requests one personal API token may make per minute (shared by every API process). */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_API_TOKEN_RATE_LIMIT_PER_MINUTE),
  /** Automations one member may have (issue 29): a 409 with a clear message beyond. */
  AUTOMATIONS_MAX_PER_MEMBER: z.coerce.number().int().min(1).max(10_000).default(20),
}).refine((e) => e.LOGIN_DELAY_MAX_SECONDS >= e.LOGIN_DELAY_BASE_SECONDS, {
  message: 'LOGIN_DELAY_MAX_SECONDS must be at least LOGIN_DELAY_BASE_SECONDS',
  path: ['LOGIN_DELAY_MAX_SECONDS'],
});

export interface Env {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  secretsKey: string;
  /** SECRETS_KEY_PREVIOUS: also accepted when opening secrets, during a rotation. */
  secretsKeyPrevious: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  webDistDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** TRUST_PROXY, as Fastify's `trustProxy` takes it. */
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  dbPoolMax: number;
  /** STORAGE_DRIVER and S3_*: the local folder (DATA_DIR/storage) or the S3 bucket. */
  storage: StorageConfig;
  apifyBaseUrl: string;
  /** googleapis root, OAuth endpoints and Gemini root; undefined: Google's own. */
  google: { apiRootUrl?: string; oauthAuthUrl?: string; oauthTokenUrl?: string };
  geminiBaseUrl: string | undefined;
  /** TIKTOK_AUTH_URL and TIKTOK_API_BASE_URL (no trailing slash on the base). */
  tiktok: { authUrl: string; apiBaseUrl: string };
  /** META_AUTH_URL, META_GRAPH_BASE_URL, META_GRAPH_VERSION, META_UPLOAD_BASE_URL (as MetaEndpoints). */
  meta: { authUrl: string; graphBaseUrl: string; graphVersion: string; uploadBaseUrl: string };
  /** GEMINI_MODEL; undefined: the newest usable flash model the key lists is chosen. */
  geminiModel: string | undefined;
  /** TIKTOK_API_BASE_URL without a trailing slash. */
  tiktokApiBaseUrl: string;
  /** Without a trailing slash; undefined: derived from each request. */
  publicBaseUrl: string | undefined;
  /** The managed yt-dlp: YTDLP_PATH pins it; else DATA_DIR/tools, kept current from the release channel. */
  ytdlp: YtDlpSettings;
  ffmpegPath: string;
  ffprobePath: string;
  /** YTDLP_AUDIO_SEARCH_URL: lets tests search a local server instead of YouTube. */
  audioSearchUrlTemplate: string | undefined;
  allowPrivateNetworkFetch: boolean;
  /** ALLOW_PRIVATE_NETWORK_FETCH and FETCH_ALLOW_PRIVATE_HOSTS, as the URL guard takes them. */
  fetchPolicy: FetchPolicy;
  /**
   * Not from the environment: buildApp starts this process's guard proxy (guard-proxy.ts) and
   * sets its URL here for every yt-dlp run the API makes. Undefined with ALLOW_PRIVATE_NETWORK_FETCH.
   */
  ytDlpProxyUrl?: string;
  /** Largest video file the upload form (and the effect preview) accepts. */
  uploadMaxVideoBytes: number;
  /** METRICS_TOKEN; undefined: only admins read /api/metrics. */
  metricsToken: string | undefined;
  /** API_SHUTDOWN_GRACE_S: the drain budget on SIGTERM. */
  shutdownGraceSeconds: number;
  /** EVENTS_HEARTBEAT_S: heartbeat (and session re-check) period of the live event streams. */
  eventsHeartbeatSeconds: number;
  /** LOGIN_*: how failed logins are limited (services/auth/login-limits.ts). */
  login: LoginLimits;
  /** SERVE_SOURCEMAPS: whether the web build's `.map` files are served. */
  serveSourcemaps: boolean;
  /** API_TOKEN_RATE_LIMIT_PER_MINUTE: requests per personal token per minute (429 beyond). */
  apiTokenRateLimitPerMinute: number;
  /** AUTOMATIONS_MAX_PER_MEMBER: automations one member may have. */
  automationsMaxPerMember: number;
  /** SMTP_URL and MAIL_FROM; null: no mail (the deletion page says so plainly). The worker sends. */
  mail: MailSettings | null;
}

/** STORAGE_DRIVER and S3_* (parsed by the storage module), as lines of the configuration error. */
function readStorageConfig(cleaned: Record<string, string | undefined>): { config?: StorageConfig; issues: string[] } {
  try {
    return { config: storageConfigFromEnv(cleaned), issues: [] };
  } catch (error) {
    if (error instanceof StorageConfigError) return { issues: error.issues.map((i) => `  ${i}`) };
    throw error;
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set", as most shells and compose files write them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const storage = readStorageConfig(cleaned);
  if (!parsed.success || !storage.config) {
    const lines = (parsed.error?.issues ?? []).map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${[...lines, ...storage.issues].join('\n')}`);
  }
  const e = parsed.data;
  const mail = mailSettings(e);
  if (mail.issue) throw new EnvError(`Invalid configuration:\n  ${mail.issue}`);
  const dataDir = resolve(e.DATA_DIR);
  const needsLocal = !e.JWT_SECRET || !e.SECRETS_KEY;
  const local = needsLocal ? loadOrCreateLocalSecrets(dataDir) : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? local?.jwtSecret ?? '',
    secretsKey: e.SECRETS_KEY ?? local?.secretsKey ?? '',
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    webDistDir: resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    dbPoolMax: e.DB_POOL_MAX,
    storage: storage.config,
    apifyBaseUrl: e.APIFY_BASE_URL.replace(/\/+$/, ''),
    google: {
      ...(e.GOOGLE_API_ROOT_URL ? { apiRootUrl: e.GOOGLE_API_ROOT_URL } : {}),
      ...(e.GOOGLE_OAUTH_AUTH_URL ? { oauthAuthUrl: e.GOOGLE_OAUTH_AUTH_URL } : {}),
      ...(e.GOOGLE_OAUTH_TOKEN_URL ? { oauthTokenUrl: e.GOOGLE_OAUTH_TOKEN_URL } : {}),
    },
    // The Gemini SDK appends paths to it as it is: no trailing slash.
    geminiBaseUrl: e.GEMINI_BASE_URL?.replace(/\/+$/, ''),
    geminiModel: e.GEMINI_MODEL,
    tiktok: { authUrl: e.TIKTOK_AUTH_URL, apiBaseUrl: e.TIKTOK_API_BASE_URL.replace(/\/+$/, '') },
    meta: {
      authUrl: e.META_AUTH_URL,
      graphBaseUrl: e.META_GRAPH_BASE_URL.replace(/\/+$/, ''),
      graphVersion: e.META_GRAPH_VERSION,
      uploadBaseUrl: e.META_UPLOAD_BASE_URL.replace(/\/+$/, ''),
    },
    tiktokApiBaseUrl: e.TIKTOK_API_BASE_URL.replace(/\/+$/, ''),
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    ytdlp: ytDlpSettings(e, resolve(dataDir, 'tools')),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    audioSearchUrlTemplate: e.YTDLP_AUDIO_SEARCH_URL,
    allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH,
    fetchPolicy: { allowPrivateNetwork: e.ALLOW_PRIVATE_NETWORK_FETCH, allowHosts: e.FETCH_ALLOW_PRIVATE_HOSTS },
    uploadMaxVideoBytes: e.UPLOAD_MAX_VIDEO_BYTES,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceSeconds: e.API_SHUTDOWN_GRACE_S,
    eventsHeartbeatSeconds: e.EVENTS_HEARTBEAT_S,
    login: {
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      maxFailuresPerUsername: e.LOGIN_MAX_FAILURES_PER_USERNAME,
      maxFailuresPerDevice: e.LOGIN_MAX_FAILURES_PER_DEVICE,
      delayAfterFailures: e.LOGIN_DELAY_AFTER_FAILURES,
      delayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS,
      delayMaxSeconds: e.LOGIN_DELAY_MAX_SECONDS,
      deviceCookieDays: e.LOGIN_DEVICE_COOKIE_DAYS,
    },
    serveSourcemaps: e.SERVE_SOURCEMAPS,
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    automationsMaxPerMember: e.AUTOMATIONS_MAX_PER_MEMBER,
    mail: mail.settings,
  };
}
