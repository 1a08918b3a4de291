import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, MAX_PAGE_SIZE, pageQueryShape, PaginationSchema, UuidSchema } from '../common.ts';
import { SCRAPE_KINDS } from '../rules/scrape-targets.ts';
import { TASK_STATES } from '../rules/task-states.ts';
import { ActorOptionSchema, InputTypeSchema } from './actor-configs.ts';
import { defineEndpoint } from './endpoint.ts';

/** What the dashboard needs of an active actor (spec part 1 section 3, platform config). */
export const PlatformConfigSchema = z.object({
  platformId: z.string(),
  displayName: z.string(),
  actorId: z.string(),
  targetLabel: z.string(),
  inputType: InputTypeSchema,
  inputKey: z.string(),
  inputKeys: z.object({ url: z.string().optional(), keyword: z.string().optional() }),
  options: z.record(z.string(), ActorOptionSchema),
  /** The sites URL targets may point at; empty: any. */
  domains: z.array(z.string()),
});
export type PlatformConfig = z.infer<typeof PlatformConfigSchema>;

export const TaskStateSchema = z.enum(TASK_STATES);
export type TaskState = z.infer<typeof TaskStateSchema>;

export const ScrapeTypeSchema = z.enum(SCRAPE_KINDS);

export const PlatformInfoSchema = z.object({
  platformId: z.string().trim().min(1).max(32),
  displayName: z.string().trim().max(100).default(''),
  scrapeType: ScrapeTypeSchema,
});
export type PlatformInfo = z.infer<typeof PlatformInfoSchema>;

/** Actor input: the target under its input key plus the options; plain JSON values only. */
const InputValueSchema = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(2000), z.number(), z.boolean()])).max(100),
]);
export const ScrapeInputSchema = z
  .record(z.string().min(1).max(64), InputValueSchema)
  .refine((v) => Object.keys(v).length <= 50, 'Terlalu banyak field input.');
export type ScrapeInput = z.infer<typeof ScrapeInputSchema>;

export const StartScrapeBodySchema = z.object({
  actorId: z.string().trim().min(1).max(200),
  input: ScrapeInputSchema,
  platformInfo: PlatformInfoSchema,
});
export type StartScrapeBody = z.infer<typeof StartScrapeBodySchema>;

export const StartScrapeResponseSchema = z.object({ taskId: UuidSchema });

export const TaskProgressSchema = z.object({
  percentage: z.number().min(0).max(100),
  itemsFound: z.number().int().min(0),
});

/**
 * One log line. `id` orders a task's lines (ids grow as lines are written, but are shared
 * by all tasks, so they are not line numbers): the log panel asks for the lines after the
 * last id it holds.
 */
export const TaskLogSchema = z.object({ id: z.number().int().min(1), message: z.string(), at: IsoDateTimeSchema });
export type TaskLog = z.infer<typeof TaskLogSchema>;

/** Log lines a task carries in status and active-task answers: its newest ones. */
export const TASK_LOG_TAIL = 20;
/** Lines one `GET /api/scrape/status/:id/logs` answer sends when the caller does not say. */
export const TASK_LOG_PAGE_DEFAULT = 200;
/** The most lines one such answer may hold. */
export const TASK_LOG_PAGE_MAX = 500;

export const TaskResultSchema = z.object({
  fileName: z.string(),
  outputPath: z.string(),
  itemCount: z.number().int(),
  timestamp: IsoDateTimeSchema,
});
export type TaskResult = z.infer<typeof TaskResultSchema>;

/**
 * What the task's Apify run cost in USD (the run's `usageTotalUsd`): what it has cost so far
 * while it runs, its final cost once it ended; null when unknown (no run started, or Apify
 * did not say).
 */
export const UsageTotalUsdSchema = z.number().min(0).nullable();

/**
 * What a finished run kept: raw items found, video items saved, and why the rest were left
 * out (only the reasons that occurred). Null until the dataset has been read.
 */
export const ScrapeCountsSchema = z.object({
  found: z.number().int().min(0),
  saved: z.number().int().min(0),
  skipped: z.object({
    notVideo: z.number().int().min(0).optional(),
    noUrl: z.number().int().min(0).optional(),
    duplicate: z.number().int().min(0).optional(),
    invalid: z.number().int().min(0).optional(),
  }),
});
export type ScrapeCounts = z.infer<typeof ScrapeCountsSchema>;

/** The outcome fields a task and its history record share. */
const TaskOutcomeShape = {
  counts: ScrapeCountsSchema.nullable(),
  /** A completed task that found items but saved none: why, and what to do (Indonesian). */
  warning: z.string().nullable(),
  /** One Indonesian sentence: what went wrong and what to do. */
  error: z.string().nullable(),
  /** The service's own words (Apify's message), shown under "Detail". */
  errorDetail: z.string().nullable(),
  /** The task this one retries. */
  retryOf: UuidSchema.nullable(),
};

export const TaskSchema = z.object({
  id: UuidSchema,
  state: TaskStateSchema,
  progress: TaskProgressSchema,
  /** The newest TASK_LOG_TAIL lines, oldest first; the rest come from the logs endpoint. */
  logs: z.array(TaskLogSchema).max(TASK_LOG_TAIL),
  /** How many lines the task's log holds in all. */
  logCount: z.number().int().min(0),
  result: TaskResultSchema.nullable(),
  ...TaskOutcomeShape,
  data: z.object({
    actorId: z.string(),
    input: ScrapeInputSchema,
    platformInfo: PlatformInfoSchema,
  }),
  owner: z.object({ id: UuidSchema, username: z.string() }),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
  usageTotalUsd: UsageTotalUsdSchema,
});
export type Task = z.infer<typeof TaskSchema>;

export const ScrapeHistoryRecordSchema = z.object({
  jobId: UuidSchema,
  status: TaskStateSchema,
  platform: z.string(),
  target: z.string(),
  resultFileName: z.string().nullable(),
  itemCount: z.number().int().nullable(),
  completedAt: IsoDateTimeSchema.nullable(),
  username: z.string(),
  usageTotalUsd: UsageTotalUsdSchema,
  ...TaskOutcomeShape,
});
export type ScrapeHistoryRecord = z.infer<typeof ScrapeHistoryRecordSchema>;

export const ListScrapeHistoryQuerySchema = z.object(pageQueryShape());
export type ListScrapeHistoryQuery = z.infer<typeof ListScrapeHistoryQuerySchema>;

export const ListScrapeHistoryResponseSchema = z.object({
  history: z.array(ScrapeHistoryRecordSchema).max(MAX_PAGE_SIZE),
  pagination: PaginationSchema,
});
export type ListScrapeHistoryResponse = z.infer<typeof ListScrapeHistoryResponseSchema>;

/** A log id in a query: a readable 400 for "abc", "-1" or "1.5". */
const LogIdQuerySchema = z.coerce
  .number({ message: 'after harus berupa angka.' })
  .int('after harus bilangan bulat.')
  .min(0, 'after tidak boleh negatif.')
  .max(Number.MAX_SAFE_INTEGER, 'after terlalu besar.');

export const ListTaskLogsQuerySchema = z.object({
  /** The last line id the caller holds; 0 (the default) asks from the first line. */
  after: LogIdQuerySchema.default(0),
  limit: z.coerce
    .number({ message: 'limit harus berupa angka.' })
    .int('limit harus bilangan bulat.')
    .min(1, 'limit minimal 1.')
    .max(TASK_LOG_PAGE_MAX, `limit paling banyak ${TASK_LOG_PAGE_MAX}.`)
    .default(TASK_LOG_PAGE_DEFAULT),
});
export type ListTaskLogsQuery = z.infer<typeof ListTaskLogsQuerySchema>;

export const ListTaskLogsResponseSchema = z.object({
  /** The task's lines after `after`, oldest first, at most `limit`. */
  logs: z.array(TaskLogSchema).max(TASK_LOG_PAGE_MAX),
  /** How many lines the task's log holds in all. */
  logCount: z.number().int().min(0),
  /** More lines follow the last one sent. */
  hasMore: z.boolean(),
});
export type ListTaskLogsResponse = z.infer<typeof ListTaskLogsResponseSchema>;

/** Result file names are made by the server: platform, time and task id, nothing else. */
export const RESULT_FILE_NAME_PATTERN = /^[a-z0-9_-]{1,32}_\d{8}-\d{6}_[0-9a-f]{8}\.json$/;
export const ResultFileParamsSchema = z.object({
  fileName: z.string().regex(RESULT_FILE_NAME_PATTERN, 'Nama file hasil tidak valid.'),
});

export const ResultFileSchema = z.object({
  metadata: z.object({
    taskId: UuidSchema,
    platformId: z.string(),
    actorId: z.string(),
    input: ScrapeInputSchema,
    owner: z.object({ id: UuidSchema, username: z.string() }),
    createdAt: IsoDateTimeSchema,
    itemCount: z.number().int(),
  }),
  items: z.array(z.unknown()),
});
export type ResultFile = z.infer<typeof ResultFileSchema>;

/**
 * Whether scraping can run: the admin's Apify key, without revealing it. `ready`: an active
 * key that passed its last check; `unchecked`: an active key not checked yet (runs will try
 * it); `invalid`: the active key failed its last check; `missing`: no active key.
 */
export const ScrapeReadinessSchema = z.object({
  apifyKey: z.enum(['ready', 'unchecked', 'invalid', 'missing']),
});
export type ScrapeReadiness = z.infer<typeof ScrapeReadinessSchema>;

export const scrapeEndpoints = {
  readiness: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/readiness',
    access: 'user',
    summary: 'Whether an active, valid Apify key exists (the key itself is never sent).',
    tags: ['scrape'],
    response: ScrapeReadinessSchema,
  }),
  config: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/config',
    access: 'user',
    summary: 'Active actors as platform configs for the dashboard.',
    tags: ['scrape'],
    response: z.array(PlatformConfigSchema),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/scrape/start',
    access: 'user',
    summary: 'Queue a scrape task for one target.',
    tags: ['scrape'],
    body: StartScrapeBodySchema,
    response: StartScrapeResponseSchema,
    successStatus: 202,
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/scrape/retry/:id',
    access: 'user',
    summary: 'Start a new task with the platform, targets and options of a failed or cancelled one.',
    tags: ['scrape'],
    params: IdParamsSchema,
    response: StartScrapeResponseSchema,
    successStatus: 202,
    errors: [409],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/scrape/cancel/:id',
    access: 'user',
    summary: 'Cancel a waiting or running task (aborts its Apify run).',
    tags: ['scrape'],
    params: IdParamsSchema,
    response: TaskSchema,
    errors: [409],
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/status/:id',
    access: 'user',
    summary: 'State, progress, the newest log lines and result of one task.',
    tags: ['scrape'],
    params: IdParamsSchema,
    response: TaskSchema,
  }),
  taskLogs: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/status/:id/logs',
    access: 'user',
    summary: 'Log lines of one task after a line id, oldest first (at most `limit`).',
    tags: ['scrape'],
    params: IdParamsSchema,
    query: ListTaskLogsQuerySchema,
    response: ListTaskLogsResponseSchema,
  }),
  activeTasks: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/active-tasks',
    access: 'user',
    summary: 'Tasks not yet finished (the caller’s; every user’s for admins).',
    tags: ['scrape'],
    response: z.array(TaskSchema),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/history',
    access: 'user',
    summary: 'Finished tasks, newest first, one page at a time.',
    tags: ['scrape'],
    query: ListScrapeHistoryQuerySchema,
    response: ListScrapeHistoryResponseSchema,
  }),
  deleteHistory: defineEndpoint({
    method: 'DELETE',
    path: '/api/scrape/history/:id',
    access: 'user',
    summary: 'Remove a finished task from the history (its result file stays).',
    tags: ['scrape'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
    errors: [409],
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/scrape/content/:fileName',
    access: 'user',
    summary: 'The content of a result file.',
    tags: ['scrape'],
    params: ResultFileParamsSchema,
    response: ResultFileSchema,
  }),
};
