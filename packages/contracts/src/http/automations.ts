import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, pageQueryShape, PaginationSchema, UuidSchema } from '../common.ts';
import {
  AUTOMATION_LIMITS,
  FILTER_REASONS,
  SLOT_PATTERN,
  automationMessages as M,
} from '../rules/automations.ts';
import { defineEndpoint } from './endpoint.ts';
import { QualitySchema } from './media.ts';
import { StartScrapeBodySchema, UsageTotalUsdSchema } from './scrape.ts';
import { PrivacyStatusSchema, UPLOAD_DEFAULTS, UPLOAD_LIMITS, VideoEffectSchema } from './youtube-uploads.ts';
import { PUBLISH_TEXT_LIMITS } from '../rules/publish-destinations.ts';
import { PostSchema } from './publish.ts';

// Issue 19: an automation scrapes a saved source on a schedule, keeps the items that pass its
// filters and are new to it, downloads them, and optionally schedules them on YouTube.

/**
 * The source: exactly what the dashboard's scrape form sends to POST /api/scrape/start (actor,
 * input with the target and the options grid, platform info), checked by the same rules.
 */
export const AutomationSourceSchema = StartScrapeBodySchema;
export type AutomationSource = z.infer<typeof AutomationSourceSchema>;

/** A time of day in WIB, HH:MM from 00:00 to 23:59. */
export const SlotTimeSchema = z.string({ message: M.slotFormat }).trim().regex(SLOT_PATTERN, M.slotFormat);

const timeList = (emptyMessage: string) =>
  z
    .array(SlotTimeSchema, { message: emptyMessage })
    .min(1, emptyMessage)
    .max(AUTOMATION_LIMITS.maxTimesPerDay, M.tooManyTimes)
    .refine((list) => new Set(list).size === list.length, M.duplicateTimes);

/**
 * When it runs: every `intervalMinutes` (at least 15 minutes, at most 7 days), or at fixed
 * times of day in WIB.
 */
export const AutomationScheduleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('interval'),
      intervalMinutes: z
        .number({ message: M.intervalRange })
        .int(M.intervalRange)
        .min(AUTOMATION_LIMITS.minIntervalMinutes, M.intervalTooOften)
        .max(AUTOMATION_LIMITS.maxIntervalMinutes, M.intervalRange),
    }),
    z.object({ kind: z.literal('times'), times: timeList(M.timesRequired) }),
  ],
  { message: M.scheduleKind },
);
export type AutomationSchedule = z.infer<typeof AutomationScheduleSchema>;

const optionalCount = (message: string, max: number) =>
  z.number({ message }).int(message).min(0, message).max(max, message).nullable().default(null);

const wordList = z
  .array(z.string().trim().min(1, M.emptyWord).max(100, M.wordTooLong), { message: M.wordList })
  .max(AUTOMATION_LIMITS.maxWords, M.tooManyWords)
  .default([]);

/** Which scraped items it keeps. Absent numbers (null) do not filter. */
export const AutomationFiltersSchema = z
  .object({
    minPlays: optionalCount(M.minPlays, 1e12),
    minLikes: optionalCount(M.minLikes, 1e12),
    minDurationSeconds: optionalCount(M.duration, 86_400),
    maxDurationSeconds: optionalCount(M.duration, 86_400),
    /** Posted within the last N days (items whose post date cannot be read are left out). */
    postedWithinDays: z
      .number({ message: M.postedWithin })
      .int(M.postedWithin)
      .min(1, M.postedWithin)
      .max(3650, M.postedWithin)
      .nullable()
      .default(null),
    /** The title holds at least one of these words (case-insensitive); empty: any title. */
    includeWords: wordList,
    /** The title holds none of these words (case-insensitive). */
    excludeWords: wordList,
    /** Skip items the owner has already downloaded (any quality, by any route). */
    skipDownloaded: z.boolean({ message: M.flag }).default(true),
    /** Skip items whose trimmed, case-insensitive title was seen before (titleKey). */
    skipDuplicateTitles: z.boolean({ message: M.flag }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.minDurationSeconds !== null && v.maxDurationSeconds !== null && v.minDurationSeconds > v.maxDurationSeconds) {
      ctx.addIssue({ code: 'custom', path: ['maxDurationSeconds'], message: M.durationMinMax });
    }
  });
export type AutomationFilters = z.infer<typeof AutomationFiltersSchema>;

export const AutomationDownloadSchema = z.object({ quality: QualitySchema.default('best') });
export type AutomationDownload = z.infer<typeof AutomationDownloadSchema>;

/** Title, description and tags from a template (`{title}`, `{author}`, `{platform}`), or by Gemini. */
export const AutomationMetadataSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('template'),
      title: z
        .string({ message: M.templateTitle })
        .trim()
        .min(1, M.templateTitle)
        .max(UPLOAD_LIMITS.titleMaxLength, M.templateTitleLength),
      description: z.string().max(UPLOAD_LIMITS.descriptionMaxLength, M.templateDescriptionLength).default(''),
      tags: z.array(z.string().trim().min(1).max(100)).max(30, M.tooManyTags).default([]),
    }),
    z.object({ mode: z.literal('gemini') }),
  ],
  { message: M.metadataMode },
);
export type AutomationMetadata = z.infer<typeof AutomationMetadataSchema>;

/**
 * The destinations: ids from GET /api/publish/accounts (YouTube channels, TikTok accounts,
 * Instagram accounts, Facebook Pages), each once. Issue 33 item 7.
 */
export const AutomationDestinationsSchema = z
  .array(UuidSchema, { message: M.destinationsRequired })
  .min(1, M.destinationsRequired)
  .max(PUBLISH_TEXT_LIMITS.destinationsMax, M.tooManyDestinations)
  .refine((list) => new Set(list).size === list.length, M.duplicateDestinations);

/**
 * Publishing to a set of the owner's destinations, one post per video into posting slots (WIB),
 * each destination within its daily budget. `playlistId`, `privacyStatus`, `categoryId`,
 * `madeForKids` and `videoEffect` apply to the YouTube destinations; TikTok gets inbox drafts.
 */
const automationPublishShape = {
  destinations: AutomationDestinationsSchema,
  /** A playlist of the YouTube destination (its YouTube id), or null. */
  playlistId: z.string().trim().min(1).max(100).nullable().default(null),
  slots: timeList(M.slotsRequired),
  /** At most this many uploads published a day (at most one per slot). */
  maxPerDay: z
    .number({ message: M.maxPerDay })
    .int(M.maxPerDay)
    .min(1, M.maxPerDay)
    .max(AUTOMATION_LIMITS.maxTimesPerDay, M.maxPerDay),
  privacyStatus: PrivacyStatusSchema.default(UPLOAD_DEFAULTS.privacyStatus),
  categoryId: z.string().regex(/^\d{1,3}$/, 'categoryId tidak valid.').default(UPLOAD_DEFAULTS.categoryId),
  madeForKids: z.boolean({ message: 'Pilih apakah video ditujukan untuk anak-anak (madeForKids).' }),
  videoEffect: VideoEffectSchema.default(UPLOAD_DEFAULTS.videoEffect),
  metadata: AutomationMetadataSchema,
};

function slotsHoldMaxPerDay(v: { maxPerDay: number; slots: string[] }, ctx: z.RefinementCtx): void {
  if (v.maxPerDay > v.slots.length) {
    ctx.addIssue({ code: 'custom', path: ['maxPerDay'], message: M.maxPerDayOverSlots });
  }
}

/** As stored and answered. */
export const AutomationPublishSchema = z.object(automationPublishShape).superRefine(slotsHoldMaxPerDay);
export type AutomationPublish = z.infer<typeof AutomationPublishSchema>;

/**
 * As a create or update body takes it. Before issue 33 an automation published to one YouTube
 * channel, `accountId`: a body that still sends it (and no `destinations`) means that channel.
 */
export const AutomationPublishBodySchema = z
  .object({
    ...automationPublishShape,
    destinations: AutomationDestinationsSchema.optional(),
    /** Deprecated: one YouTube channel, read as `destinations: [accountId]`. */
    accountId: UuidSchema.optional(),
  })
  .superRefine((v, ctx) => {
    slotsHoldMaxPerDay(v, ctx);
    if (v.destinations === undefined && v.accountId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['destinations'], message: M.destinationsRequired });
    }
  })
  .transform(({ accountId, destinations, ...rest }): AutomationPublish => ({ ...rest, destinations: destinations ?? [accountId ?? ''] }));

const NameSchema = z
  .string({ message: M.name })
  .trim()
  .min(1, M.name)
  .max(100, M.nameLength);

/** Everything an automation is made of (create body; PATCH takes any part of it). */
export const AutomationConfigShape = {
  name: NameSchema,
  source: AutomationSourceSchema,
  schedule: AutomationScheduleSchema,
  filters: AutomationFiltersSchema,
  download: AutomationDownloadSchema,
  /** null: download only. */
  publish: AutomationPublishBodySchema.nullable(),
};

/** What is stored in the `config` column (everything but the name). */
export const AutomationConfigSchema = z.object({
  source: AutomationSourceSchema,
  schedule: AutomationScheduleSchema,
  filters: AutomationFiltersSchema,
  download: AutomationDownloadSchema,
  publish: AutomationPublishSchema.nullable(),
});
export type AutomationConfig = z.infer<typeof AutomationConfigSchema>;

export const CreateAutomationBodySchema = z.object({
  ...AutomationConfigShape,
  filters: AutomationFiltersSchema.default({
    minPlays: null,
    minLikes: null,
    minDurationSeconds: null,
    maxDurationSeconds: null,
    postedWithinDays: null,
    includeWords: [],
    excludeWords: [],
    skipDownloaded: true,
    skipDuplicateTitles: true,
  }),
  download: AutomationDownloadSchema.default({ quality: 'best' }),
  publish: AutomationPublishBodySchema.nullable().default(null),
});
export type CreateAutomationBody = z.infer<typeof CreateAutomationBodySchema>;

/** PATCH: the parts sent replace the stored ones whole; the rest stays. */
export const UpdateAutomationBodySchema = z
  .object({
    name: NameSchema.optional(),
    source: AutomationSourceSchema.optional(),
    schedule: AutomationScheduleSchema.optional(),
    filters: AutomationFiltersSchema.optional(),
    download: AutomationDownloadSchema.optional(),
    publish: AutomationPublishBodySchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), M.nothingToUpdate);
export type UpdateAutomationBody = z.infer<typeof UpdateAutomationBodySchema>;

export const AutomationStatusSchema = z.enum(['active', 'paused']);
export type AutomationStatus = z.infer<typeof AutomationStatusSchema>;

export const AUTOMATION_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export const AutomationRunStatusSchema = z.enum(AUTOMATION_RUN_STATUSES);
export type AutomationRunStatus = z.infer<typeof AutomationRunStatusSchema>;

/** Where a run is: queued, scraping, filtering, downloading, scheduling uploads, done. */
export const AUTOMATION_RUN_STAGES = ['queued', 'scrape', 'filter', 'download', 'publish', 'done'] as const;
export const AutomationRunStageSchema = z.enum(AUTOMATION_RUN_STAGES);
export type AutomationRunStage = z.infer<typeof AutomationRunStageSchema>;

export const FilterReasonSchema = z.enum(FILTER_REASONS);

/** What a run did, item by item. */
export const AutomationRunCountsSchema = z.object({
  /** Video items the scrape saved. */
  found: z.number().int().min(0),
  /** Items left out, by reason (only reasons that occurred). */
  filteredOut: z.partialRecord(FilterReasonSchema, z.number().int().min(0)),
  /** Items that passed and this automation had never taken before. */
  new: z.number().int().min(0),
  /** Downloads finished. */
  downloaded: z.number().int().min(0),
  /** Uploads created (scheduled into slots). */
  queued: z.number().int().min(0),
  /** Uploads that reached YouTube. */
  uploaded: z.number().int().min(0),
  /** Downloads or uploads that failed. */
  failed: z.number().int().min(0),
  /** Uploads moved to a later day because the slots or the YouTube quota were full. */
  rolledOver: z.number().int().min(0),
});
export type AutomationRunCounts = z.infer<typeof AutomationRunCountsSchema>;

/** One upload a run scheduled: when it goes public. */
export const AutomationRunUploadSchema = z.object({
  uploadId: UuidSchema,
  title: z.string(),
  publishAt: IsoDateTimeSchema.nullable(),
  status: z.string(),
});

export const AutomationRunSchema = z.object({
  id: UuidSchema,
  automationId: UuidSchema,
  trigger: z.enum(['schedule', 'manual']),
  status: AutomationRunStatusSchema,
  stage: AutomationRunStageSchema,
  /** The scrape task of the run (it shows in the dashboard and history); null before it started. */
  scrapeTaskId: UuidSchema.nullable(),
  /** The batch of downloads (GET /api/media/batches/:id); null when nothing was new. */
  batchId: UuidSchema.nullable(),
  counts: AutomationRunCountsSchema,
  /** What the scrape's Apify run cost in USD. */
  usageTotalUsd: UsageTotalUsdSchema,
  /** Indonesian lines worth knowing (e.g. uploads moved to the next day by the quota). */
  notes: z.array(z.string()),
  /** One Indonesian sentence when the run failed. */
  error: z.string().nullable(),
  startedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type AutomationRun = z.infer<typeof AutomationRunSchema>;

/** A run with its scheduled uploads (the run page). */
export const AutomationRunDetailSchema = AutomationRunSchema.extend({
  /** Its YouTube uploads (the spec's scheduled uploads; also among `posts`). */
  uploads: z.array(AutomationRunUploadSchema),
  /** Every post it made, one per video, with a target per destination and each target's status. */
  posts: z.array(PostSchema),
});
export type AutomationRunDetail = z.infer<typeof AutomationRunDetailSchema>;

export const AutomationSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  ...AutomationConfigSchema.shape,
  status: AutomationStatusSchema,
  /** Why it is paused (Indonesian), null when the owner paused it or it is active. */
  pausedReason: z.string().nullable(),
  consecutiveFailures: z.number().int().min(0),
  /** When the scheduler starts it next; null while paused. */
  nextRunAt: IsoDateTimeSchema.nullable(),
  lastRunAt: IsoDateTimeSchema.nullable(),
  /** The newest run, if any. */
  lastRun: AutomationRunSchema.nullable(),
  owner: z.object({ id: UuidSchema, username: z.string() }),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Automation = z.infer<typeof AutomationSchema>;

export const ListAutomationsQuerySchema = z.object(pageQueryShape());
export const ListAutomationsResponseSchema = z.object({
  automations: z.array(AutomationSchema),
  pagination: PaginationSchema,
});
export type ListAutomationsResponse = z.infer<typeof ListAutomationsResponseSchema>;

export const ListAutomationRunsQuerySchema = z.object(pageQueryShape());
export const ListAutomationRunsResponseSchema = z.object({
  runs: z.array(AutomationRunSchema),
  pagination: PaginationSchema,
});
export type ListAutomationRunsResponse = z.infer<typeof ListAutomationRunsResponseSchema>;

export const AutomationRunParamsSchema = z.object({ id: UuidSchema, runId: UuidSchema });

export const RunAutomationResponseSchema = z.object({ runId: UuidSchema });

export const automationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/automations',
    access: 'user',
    summary: 'Automations, newest first (the caller’s; every member’s with the owner for admins).',
    tags: ['automations'],
    query: ListAutomationsQuerySchema,
    response: ListAutomationsResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/automations/:id',
    access: 'user',
    summary: 'One automation with its newest run.',
    tags: ['automations'],
    params: IdParamsSchema,
    response: AutomationSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/automations',
    access: 'user',
    summary: 'Create an automation (active; its first run is due by its schedule).',
    tags: ['automations'],
    body: CreateAutomationBodySchema,
    response: AutomationSchema,
    successStatus: 201,
    // 404: the YouTube account or playlist is not the owner's; 409/502/503: YouTube refused or
    // failed when the playlist was looked up.
    errors: [404, 409, 502, 503],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/automations/:id',
    access: 'user',
    summary: 'Change parts of an automation; a new schedule sets the next run again.',
    tags: ['automations'],
    params: IdParamsSchema,
    body: UpdateAutomationBodySchema,
    response: AutomationSchema,
    errors: [409, 502, 503],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/automations/:id',
    access: 'user',
    summary: 'Delete an automation and its runs (downloads and uploads it made stay).',
    tags: ['automations'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/automations/:id/run',
    access: 'user',
    summary: 'Start a run now ("Jalankan sekarang"); 409 while a run is in progress.',
    tags: ['automations'],
    params: IdParamsSchema,
    response: RunAutomationResponseSchema,
    successStatus: 202,
    errors: [409],
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/api/automations/:id/pause',
    access: 'user',
    summary: 'Pause: no scheduled runs until resumed (a run in progress finishes).',
    tags: ['automations'],
    params: IdParamsSchema,
    response: AutomationSchema,
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/api/automations/:id/resume',
    access: 'user',
    summary: 'Resume: clears the pause and the failure count; the next run is set from now.',
    tags: ['automations'],
    params: IdParamsSchema,
    response: AutomationSchema,
  }),
  runs: defineEndpoint({
    method: 'GET',
    path: '/api/automations/:id/runs',
    access: 'user',
    summary: 'Runs of an automation, newest first.',
    tags: ['automations'],
    params: IdParamsSchema,
    query: ListAutomationRunsQuerySchema,
    response: ListAutomationRunsResponseSchema,
  }),
  getRun: defineEndpoint({
    method: 'GET',
    path: '/api/automations/:id/runs/:runId',
    access: 'user',
    summary: 'One run: its counts, Apify cost, notes and scheduled uploads.',
    tags: ['automations'],
    params: AutomationRunParamsSchema,
    response: AutomationRunDetailSchema,
  }),
};
