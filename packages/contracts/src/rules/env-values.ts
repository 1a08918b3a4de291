// Settings the API and the workers both read from their environment, parsed by one rule each
// (each app's env.ts still owns its whole schema and is the only reader of process.env).
import { z } from 'zod';

/** The operator's settings are wrong: the message names each setting and what it must be. */
export class EnvError extends Error {}

/** An on/off setting: `true`/`1` or `false`/`0`; unset is the default. */
export function envFlag(defaultValue: boolean) {
  return z
    .enum(['true', 'false', '1', '0'])
    .default(defaultValue ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
}

/**
 * FETCH_ALLOW_PRIVATE_HOSTS: `host:port` entries, comma-separated (`127.0.0.1:4000,[::1]:8080`),
 * each written as the WHATWG URL parser writes a host. Exactly these private destinations pass
 * the URL guard; everything else stays guarded.
 */
export const FetchAllowPrivateHostsSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const parsed: string[] = [];
    for (const entry of value.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
      let url: URL | undefined;
      try {
        url = new URL(`http://${entry}`);
      } catch {
        url = undefined;
      }
      if (!url || !/:\d+$/.test(entry) || url.pathname !== '/' || url.username || url.password || url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: `FETCH_ALLOW_PRIVATE_HOSTS: "${entry}" is not a host:port (for example 127.0.0.1:4000)` });
        return z.NEVER;
      }
      // The URL parser drops the scheme's default port: keep the port as written.
      parsed.push(`${url.hostname}:${url.port || '80'}`);
    }
    return parsed;
  });

const DATABASE_URL_MESSAGE = 'DATABASE_URL must be a postgres:// URL';

/**
 * DATABASE_URL: a `postgres://` or `postgresql://` URL. Only the scheme is checked: the
 * driver reads the rest, multi-host URLs (`postgres://u@h1,h2/db`) included.
 */
export const DatabaseUrlSchema = z.string({ message: DATABASE_URL_MESSAGE }).regex(/^postgres(ql)?:\/\//, DATABASE_URL_MESSAGE);

/**
 * PUBLIC_BASE_URL: the address users reach the app at (behind a proxy). The OAuth redirect URIs,
 * the browser extension's connection and the `link` of webhook payloads are built on it.
 */
export const PublicBaseUrlSchema = z.url({ protocol: /^https?$/, message: 'PUBLIC_BASE_URL must be an http(s) URL' }).optional();

/** LOG_LEVEL, as pino names them. */
export const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** The managed yt-dlp and ffmpeg: the settings both the API (audio look-ups, previews) and the workers run them with. */
export const ProgramEnvShape = {
  /** A yt-dlp pinned by the operator: used as it is, never replaced. Unset: the managed copy, else PATH. */
  YTDLP_PATH: z.string().min(1).optional(),
  /** Download base of the managed yt-dlp (holds `yt-dlp_linux`, `yt-dlp_linux_aarch64`, `SHA2-256SUMS`). */
  YTDLP_RELEASE_URL: z.url({ protocol: /^https?$/, message: 'YTDLP_RELEASE_URL must be an http(s) URL' }).optional(),
  YTDLP_CHANNEL: z.enum(['stable', 'nightly']).default('stable'),
  YTDLP_AUTO_UPDATE: envFlag(true),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
};

type ProgramEnv = z.infer<z.ZodObject<typeof ProgramEnvShape>>;

export interface YtDlpSettings {
  pinnedPath: string | undefined;
  /** Without a trailing slash. */
  releaseUrl: string;
  channel: 'stable' | 'nightly';
  autoUpdate: boolean;
  /** DATA_DIR/tools */
  toolsDir: string;
}

/** yt-dlp's official release channels ("latest release" download bases). */
export function defaultYtDlpReleaseUrl(channel: 'stable' | 'nightly'): string {
  return channel === 'nightly'
    ? 'https://github.com/yt-dlp/yt-dlp-nightly-builds/releases/latest/download'
    : 'https://github.com/yt-dlp/yt-dlp/releases/latest/download';
}

/** The managed yt-dlp: YTDLP_PATH pins it; else `toolsDir`, kept current from the release channel. */
export function ytDlpSettings(e: ProgramEnv, toolsDir: string): YtDlpSettings {
  return {
    pinnedPath: e.YTDLP_PATH,
    releaseUrl: (e.YTDLP_RELEASE_URL ?? defaultYtDlpReleaseUrl(e.YTDLP_CHANNEL)).replace(/\/+$/, ''),
    channel: e.YTDLP_CHANNEL,
    autoUpdate: e.YTDLP_AUTO_UPDATE,
    toolsDir,
  };
}

const SMTP_URL_MESSAGE = 'SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)';
const MAIL_FROM_MESSAGE = 'MAIL_FROM must be an email address, optionally with a name: Scrapper <noreply@example.com>';

/** `noreply@example.com` or `Scrapper <noreply@example.com>`: what a From header holds. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]{1,100} <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '' && (url.pathname === '' || url.pathname === '/');
  } catch {
    return false;
  }
}

/**
 * SMTP_URL and MAIL_FROM (outgoing mail: deletion-request confirmations and status changes).
 * Both unset: no mail, and the public page says so plainly. SMTP_URL without MAIL_FROM is a
 * mistake the operator hears about at start (a guessed sender would be refused or land in spam).
 */
export const MailEnvShape = {
  SMTP_URL: z.string().trim().refine(isSmtpUrl, SMTP_URL_MESSAGE).optional(),
  MAIL_FROM: z.string().trim().regex(MAIL_FROM_PATTERN, MAIL_FROM_MESSAGE).optional(),
};

/** Where mail goes out; null when SMTP_URL is unset. */
export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** The mail settings, or the sentence naming what is wrong (MAIL_FROM missing beside SMTP_URL). */
export function mailSettings(e: { SMTP_URL?: string | undefined; MAIL_FROM?: string | undefined }): { settings: MailSettings | null; issue?: string } {
  if (!e.SMTP_URL) return { settings: null };
  if (!e.MAIL_FROM) return { settings: null, issue: 'MAIL_FROM: required when SMTP_URL is set (the sender of every mail, e.g. Scrapper <noreply@example.com>)' };
  return { settings: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } };
}
