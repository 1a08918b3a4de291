import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Where a worker's yt-dlp came from: `pinned` (YTDLP_PATH, never replaced), `managed` (the
 * checksum-verified copy under DATA_DIR/tools that the product keeps current), `system` (a
 * `yt-dlp` on PATH, the fallback), `missing` (none could be found).
 */
export const YtDlpSourceSchema = z.enum(['pinned', 'managed', 'system', 'missing']);
export type YtDlpSource = z.infer<typeof YtDlpSourceSchema>;

/** How the last update check of a machine's managed yt-dlp ended. */
export const ToolCheckOutcomeSchema = z.enum([
  /** A newer release was downloaded, verified, run and swapped in. */
  'updated',
  /** The managed copy is the newest release. */
  'current',
  /** The check or the download failed (checksum, a release that does not run, 404/500, disk). */
  'failed',
  /** The release server could not be reached: the product keeps what it has. */
  'offline',
  /** YTDLP_AUTO_UPDATE=false or YTDLP_PATH pinned: nothing was checked. */
  'skipped',
]);
export type ToolCheckOutcome = z.infer<typeof ToolCheckOutcomeSchema>;

export const ToolCheckSchema = z.object({
  at: IsoDateTimeSchema,
  outcome: ToolCheckOutcomeSchema,
  /** The version the release server offered, when it answered. */
  latestVersion: z.string().nullable(),
  /** What happened, in Indonesian, for the admin. */
  message: z.string(),
});
export type ToolCheck = z.infer<typeof ToolCheckSchema>;

/** What one worker process reports about the programs it runs (heartbeat row, `tools`). */
export const WorkerToolReportSchema = z.object({
  ytDlp: z.object({
    /** `2026.11.20` as yt-dlp prints it; null when it could not be run. */
    version: z.string().nullable(),
    /** The release date read from the version (yt-dlp versions are dates); null when unknown. */
    releaseDate: z.string().nullable(),
    source: YtDlpSourceSchema,
    path: z.string().nullable(),
    channel: z.enum(['stable', 'nightly']),
    autoUpdate: z.boolean(),
    /** The download base the managed copy comes from (YTDLP_RELEASE_URL or the official channel). */
    releaseUrl: z.string(),
    /** `--js-runtimes node:<path>` is passed (yt-dlp 2025.11.12 and later). */
    jsRuntime: z.object({
      wired: z.boolean(),
      /** `node:/path/to/node` when wired. */
      value: z.string().nullable(),
      nodeVersion: z.string(),
    }),
  }),
  ffmpeg: z.object({ version: z.string().nullable(), path: z.string() }),
  ffprobe: z.object({ version: z.string().nullable(), path: z.string() }),
  /** The last update check this worker's machine made; null before the first. */
  lastCheck: ToolCheckSchema.nullable(),
  /** ALLOW_PRIVATE_NETWORK_FETCH and FETCH_ALLOW_PRIVATE_HOSTS of the worker (absent in older reports). */
  network: z.object({ allowPrivateNetworkFetch: z.boolean(), allowHosts: z.array(z.string()) }).optional(),
  reportedAt: IsoDateTimeSchema,
});
export type WorkerToolReport = z.infer<typeof WorkerToolReportSchema>;

export const ToolWarningSchema = z.object({
  /** `private-network-fetch`, `ytdlp-old`, `ytdlp-update-failed`, `ytdlp-missing`, `ytdlp-no-js-runtime`. */
  code: z.string(),
  /** In Indonesian, with the reason. */
  message: z.string(),
  workerId: UuidSchema.nullable(),
});
export type ToolWarning = z.infer<typeof ToolWarningSchema>;

export const WorkerToolsSchema = z.object({
  workerId: UuidSchema,
  hostname: z.string(),
  pid: z.number().int(),
  isStale: z.boolean(),
  lastSeenAt: IsoDateTimeSchema,
  /** null: the worker has not reported yet (just started, or an older version). */
  tools: WorkerToolReportSchema.nullable(),
  /** Days since the yt-dlp release; null when unknown. */
  ytDlpAgeDays: z.number().int().nullable(),
  /**
   * The newest update check of this worker's machine: its newest `tool_update_checks` row (by
   * hostname) or the report's `lastCheck`, whichever finished later (one worker per machine does
   * the check, so another worker's report may not carry it yet); null before the first.
   */
  lastCheck: ToolCheckSchema.nullable(),
});
export type WorkerTools = z.infer<typeof WorkerToolsSchema>;

export const ToolsResponseSchema = z.object({
  workers: z.array(WorkerToolsSchema),
  warnings: z.array(ToolWarningSchema),
});
export type ToolsResponse = z.infer<typeof ToolsResponseSchema>;

/** Just the warnings, for the header badge (cheap, polled with notifications). */
export const ToolWarningsResponseSchema = z.object({ warnings: z.array(ToolWarningSchema) });
export type ToolWarningsResponse = z.infer<typeof ToolWarningsResponseSchema>;

/** yt-dlp older than this many days is shown as a warning to admins. */
export const YTDLP_MAX_AGE_DAYS = 90;

export const toolEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tools',
    access: 'admin',
    summary:
      'Per worker: yt-dlp version, age, source (managed, pinned, system), last update check, JS runtime, ffmpeg/ffprobe versions; plus warnings.',
    tags: ['admin'],
    response: ToolsResponseSchema,
  }),
  warnings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tools/warnings',
    access: 'admin',
    summary: 'The admin-visible tool warnings only (header badge).',
    tags: ['admin'],
    response: ToolWarningsResponseSchema,
  }),
};
