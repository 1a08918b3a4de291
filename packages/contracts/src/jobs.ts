import { z } from 'zod';
import { UuidSchema } from './common.ts';
import { REQUEST_ID_PATTERN } from './rules/log-redaction.ts';

/** Retry and lifetime of one queue; producers and consumers read the same entry. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  /** Completed and failed jobs are kept this long for inspection. */
  retentionSeconds: number;
  /** Jobs one worker process runs at once unless WORKER_CONCURRENCY_<QUEUE> says otherwise. */
  defaultConcurrency: number;
  /**
   * Long jobs send heartbeats; a job whose worker went silent this long is retried by
   * another worker, instead of waiting for the expiry.
   */
  heartbeatSeconds?: number;
  /**
   * pg-boss's queue policy (fixed when the queue is created). `stately`: at most one waiting
   * and one running job per singletonKey; a send while one waits is dropped.
   */
  queuePolicy?: 'standard' | 'stately';
}

/**
 * A sweep of a recorded run (`runId`: an admin's, or one a worker queued at its start), or the
 * 15-minute pg-boss schedule's tick (`trigger`), whose handler records a run and queues it.
 */
export const MaintenanceSweepPayloadSchema = z.union([
  z.object({ runId: UuidSchema }),
  z.object({ trigger: z.literal('schedule') }),
]);
export type MaintenanceSweepPayload = z.infer<typeof MaintenanceSweepPayloadSchema>;

export const ScrapeRunPayloadSchema = z.object({ taskId: UuidSchema });
export type ScrapeRunPayload = z.infer<typeof ScrapeRunPayloadSchema>;

/** Build (or rebuild) the result_items index of a completed task's result file. */
export const ResultIndexPayloadSchema = z.object({ taskId: UuidSchema });
export const VideoDownloadPayloadSchema = z.object({ downloadId: UuidSchema });
/**
 * requestedBy: the member whose request queued the preview; their own synced cookies (browser
 * extension) are tried first, like a download's. Absent (older jobs): the admins' pool only.
 */
export const VideoPreviewPayloadSchema = z.object({ previewId: UuidSchema, requestedBy: UuidSchema.optional() });
export const YouTubeUploadPayloadSchema = z.object({ uploadId: UuidSchema });
/** The daily check of the managed yt-dlp (pg-boss schedule): nothing to carry. */
export const ToolsYtDlpUpdatePayloadSchema = z.object({});
/** One webhook delivery (its row holds the event and the body); the id is the `webhook-id`. */
export const WebhookDeliverPayloadSchema = z.object({ deliveryId: z.string().regex(/^msg_[A-Za-z0-9]{16,40}$/) });

/** The automations' scheduler (pg-boss schedule, every minute): nothing to carry. */
/** One outgoing mail (its row holds the address, subject and text; `sent_at` makes it once). */
export const MailSendPayloadSchema = z.object({ mailId: UuidSchema });
export const AutomationTickPayloadSchema = z.object({});
/** One step of an automation run (issue 19); the run row says where it is. */
export const AutomationRunPayloadSchema = z.object({ runId: UuidSchema });
/** One target of a publish post (issue 33): its row holds the destination, options and progress. */
export const PublishTargetPayloadSchema = z.object({ targetId: UuidSchema });

/**
 * Sending a video to a platform (YouTube, TikTok, Meta): retried with backoff for up to three
 * hours, two at a time, a heartbeat a minute while the bytes go out.
 */
const VIDEO_UPLOAD_POLICY = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 3 * 3600,
  retentionSeconds: 7 * 24 * 3600,
  defaultConcurrency: 2,
  heartbeatSeconds: 60,
} as const satisfies QueuePolicy;

/** The job catalog: queue name -> payload schema and policy. Jobs carry ids, never blobs. */
export const jobCatalog = {
  'maintenance.sweep': {
    payload: MaintenanceSweepPayloadSchema,
    policy: {
      retryLimit: 3,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: 300,
      retentionSeconds: 7 * 24 * 3600,
      defaultConcurrency: 1,
    },
  },
  'scrape.run': {
    payload: ScrapeRunPayloadSchema,
    policy: {
      // Transient Apify trouble (network, 5xx, 429) is retried; the task keeps its run id,
      // so a retry follows the same run and never starts a second one.
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      // Actors may run for hours; the heartbeat catches dead workers much sooner.
      expireInSeconds: 6 * 3600,
      retentionSeconds: 7 * 24 * 3600,
      defaultConcurrency: 4,
      heartbeatSeconds: 30,
    },
  },
  'video.download': {
    payload: VideoDownloadPayloadSchema,
    policy: {
      retryLimit: 3,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: 3600,
      retentionSeconds: 7 * 24 * 3600,
      // A batch is bounded by this per worker process (and by the number of processes).
      defaultConcurrency: 3,
      heartbeatSeconds: 30,
    },
  },
  'video.preview': {
    payload: VideoPreviewPayloadSchema,
    policy: {
      retryLimit: 2,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: 900,
      retentionSeconds: 24 * 3600,
      defaultConcurrency: 2,
      heartbeatSeconds: 30,
    },
  },
  'youtube.upload': {
    payload: YouTubeUploadPayloadSchema,
    policy: {
      // Network trouble and Google 5xx are retried with backoff; invalid_grant, forbidden and
      // bad input fail at once (the handler marks the record failed and does not throw).
      // Uploads to one channel run one at a time whatever this says (a per-account lock).
      ...VIDEO_UPLOAD_POLICY,
    },
  },
  'result.index': {
    payload: ResultIndexPayloadSchema,
    policy: {
      // Idempotent (the mapping's hash says whether the rows are current) and serialized per
      // task by an advisory lock: a retry, or the API opening the file meanwhile, finds the
      // work done or waits for it.
      retryLimit: 5,
      retryDelaySeconds: 5,
      retryBackoff: true,
      // 200,000 items are read and inserted in well under this on a loaded machine.
      expireInSeconds: 30 * 60,
      retentionSeconds: 24 * 3600,
      defaultConcurrency: 1,
    },
  },
  'tools.ytdlp-update': {
    payload: ToolsYtDlpUpdatePayloadSchema,
    policy: {
      // Scheduled daily; a failed check is recorded and shown, and the worker's own catch-up
      // timer tries again within hours: a queue retry would only repeat a failing download.
      retryLimit: 0,
      retryDelaySeconds: 60,
      retryBackoff: false,
      // The wait for another worker's update (10 min) + the download (15 min) + --version.
      expireInSeconds: 30 * 60,
      retentionSeconds: 7 * 24 * 3600,
      defaultConcurrency: 1,
    },
  },
  'webhook.deliver': {
    payload: WebhookDeliverPayloadSchema,
    policy: {
      // 6 attempts: pg-boss's jittered backoff waits 60 s x 2^n x (1..2) before retry n+1, so
      // the retries start 1-2, 2-4, 4-8, 8-16 and 16-32 min after the attempt before: the last
      // one 31-62 min after the first. A 2xx, a refusal by the URL guard or a disabled webhook
      // end the delivery without more attempts (the handler does not throw then).
      retryLimit: 5,
      retryDelaySeconds: 60,
      retryBackoff: true,
      // One attempt is bounded by its 10 s request timeout; this is only the backstop.
      expireInSeconds: 120,
      retentionSeconds: 24 * 3600,
      defaultConcurrency: 4,
    },
  },
  'automation.tick': {
    payload: AutomationTickPayloadSchema,
    policy: {
      // The next minute's tick is the retry.
      retryLimit: 0,
      retryDelaySeconds: 30,
      retryBackoff: false,
      expireInSeconds: 120,
      retentionSeconds: 3600,
      defaultConcurrency: 1,
    },
  },
  'automation.run': {
    payload: AutomationRunPayloadSchema,
    policy: {
      // Each step is one transaction under the run's row lock; a retry redoes the step that did
      // not commit. Waiting (for the scrape, the downloads) is a new job sent for later.
      retryLimit: 5,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
      retentionSeconds: 24 * 3600,
      defaultConcurrency: 2,
      // A worker that died mid-step: its job goes to another worker this soon (the step's
      // transaction died with it, so the retry redoes the step from the start).
      heartbeatSeconds: 30,
      // One job waiting and one running per run (the run id is the singletonKey): the tick's
      // nudges and a step's "look again later" never pile up.
      queuePolicy: 'stately',
    },
  },
  'publish.target': {
    payload: PublishTargetPayloadSchema,
    policy: {
      // The target keeps its remote id (stored before the first byte): a retry reads the
      // platform's status and resumes or finishes, never starts a second post. Platform refusals
      // that will not change fail the target at once (the handler does not throw then).
      ...VIDEO_UPLOAD_POLICY,
      // One waiting and one running job per target (the target id is the singletonKey).
      queuePolicy: 'stately',
    },
  },
  'mail.send': {
    payload: MailSendPayloadSchema,
    policy: {
      // The SMTP server down or refusing for a while: 6 attempts over about an hour (60 s x 2^n,
      // jittered), then the row keeps its last error for the operator. The request the mail is
      // about is stored before the job is sent, so a failed send never loses it.
      retryLimit: 5,
      retryDelaySeconds: 60,
      retryBackoff: true,
      // One attempt is bounded by the client's own timeouts; this is only the backstop.
      expireInSeconds: 180,
      retentionSeconds: 7 * 24 * 3600,
      defaultConcurrency: 2,
      // One waiting and one running job per mail (the mail id is the singletonKey).
      queuePolicy: 'stately',
    },
  },
} as const satisfies Record<string, { payload: z.ZodType; policy: QueuePolicy }>;

export type QueueName = keyof typeof jobCatalog;
export type JobPayload<Q extends QueueName> = z.infer<(typeof jobCatalog)[Q]['payload']>;
export const queueNames = Object.keys(jobCatalog) as QueueName[];

/** `maintenance.sweep` -> `WORKER_CONCURRENCY_MAINTENANCE_SWEEP`. */
export function concurrencyEnvName(queue: QueueName): string {
  return `WORKER_CONCURRENCY_${queue.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
}

/**
 * Beside its payload, a job's data may carry the id of the HTTP request that enqueued it (or of
 * the job that did), so every log line of the job can be found with the request's. Not part of
 * any payload schema (which strips it): the worker reads it with readJobRequestId.
 */
export const JobMetaSchema = z.object({ requestId: z.string().regex(REQUEST_ID_PATTERN).optional() });
export type JobMeta = z.infer<typeof JobMetaSchema>;

export function readJobRequestId(data: unknown): string | undefined {
  const parsed = JobMetaSchema.safeParse(data);
  return parsed.success ? parsed.data.requestId : undefined;
}
