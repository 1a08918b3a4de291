import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Liveness: the process answers. It does not touch the database (that is readiness). */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
});

/** One readiness check: `ok`, or what went wrong in words an operator can act on. */
export const ReadyCheckSchema = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
});
export type ReadyCheck = z.infer<typeof ReadyCheckSchema>;

/** Readiness: 200 when every check passes, else 503 with the same body naming what failed. */
export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: ReadyCheckSchema,
    queue: ReadyCheckSchema,
    migrations: ReadyCheckSchema,
  }),
  /** Names of the checks that failed; empty when ready. */
  failed: z.array(z.enum(['database', 'queue', 'migrations'])),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

export const WorkerSchema = z.object({
  id: UuidSchema,
  hostname: z.string(),
  pid: z.number().int(),
  queues: z.array(z.string()),
  startedAt: IsoDateTimeSchema,
  lastSeenAt: IsoDateTimeSchema,
  /** No heartbeat for longer than the API's alive window: the process is probably gone. */
  isStale: z.boolean(),
});
export type Worker = z.infer<typeof WorkerSchema>;

export const MaintenanceRunStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type MaintenanceRunStatus = z.infer<typeof MaintenanceRunStatusSchema>;

/** What started a sweep: an admin's button, the 15-minute schedule, or a worker's start. */
export const MaintenanceTriggerSchema = z.enum(['admin', 'schedule', 'start']);
export type MaintenanceTrigger = z.infer<typeof MaintenanceTriggerSchema>;

const count = z.number().int().nonnegative();

/**
 * What one sweep removed. Runs recorded before issue 15 carry only the first two counts; the
 * others read as 0 for them.
 */
export const MaintenanceResultSchema = z.object({
  staleWorkersRemoved: count,
  expiredLoginAttemptsRemoved: count,
  /** Preview clips older than PREVIEW_RETENTION_HOURS: the file in storage and its row. */
  expiredPreviewsRemoved: count.default(0),
  /** Job folders under the worker's temp folder (DATA_DIR/tmp) of jobs no longer running. */
  tempFoldersRemoved: count.default(0),
  /** OAuth states past their expiry (or already used). */
  expiredOAuthStatesRemoved: count.default(0),
  /** Deleted accounts whose storage folders (downloads, results, uploads, publish copies) went. */
  deletedAccountsCleared: count.default(0),
  /** Bytes the removed previews held in storage. */
  previewBytesFreed: count.default(0),
  /** Bytes the removed temp folders held on the worker's disk. */
  tempBytesFreed: count.default(0),
});
export type MaintenanceResult = z.infer<typeof MaintenanceResultSchema>;

export const MaintenanceRunSchema = z.object({
  id: UuidSchema,
  status: MaintenanceRunStatusSchema,
  trigger: MaintenanceTriggerSchema,
  result: MaintenanceResultSchema.nullable(),
  error: z.string().nullable(),
  requestedBy: UuidSchema.nullable(),
  workerId: UuidSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  startedAt: IsoDateTimeSchema.nullable(),
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type MaintenanceRun = z.infer<typeof MaintenanceRunSchema>;

export const ListMaintenanceRunsQuerySchema = z.object({
  /** How many of the newest runs to return (default 5). */
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export type ListMaintenanceRunsQuery = z.infer<typeof ListMaintenanceRunsQuerySchema>;

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness: the process answers (no database access).',
    tags: ['system'],
    response: HealthResponseSchema,
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    summary: 'Readiness: database reachable, job queues present, migrations current. 503 with the failed checks otherwise, and while the instance drains.',
    tags: ['system'],
    response: ReadyResponseSchema,
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/api/metrics',
    // Public to the access list only: the handler itself requires an admin token, or
    // `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set (a scraper has no user).
    access: 'public',
    summary: 'Prometheus metrics (text format 0.0.4). Admin token, or the METRICS_TOKEN bearer token.',
    tags: ['system'],
    response: z.string(),
    produces: { contentTypes: ['text/plain'], description: 'Prometheus text exposition format 0.0.4.' },
    bearerInHandler: true,
    errors: [403],
  }),
  listWorkers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/workers',
    access: 'admin',
    summary: 'Worker processes seen in the last hour, newest first; silent ones are flagged stale.',
    tags: ['system'],
    response: z.array(WorkerSchema),
  }),
  startMaintenance: defineEndpoint({
    method: 'POST',
    path: '/api/admin/maintenance/runs',
    access: 'admin',
    summary:
      'Queue a maintenance sweep now (stale worker rows, old login attempts, expired previews and OAuth states, temp folders of finished jobs). It also runs every 15 minutes and once when workers start.',
    tags: ['system'],
    response: MaintenanceRunSchema,
    successStatus: 202,
  }),
  listMaintenanceRuns: defineEndpoint({
    method: 'GET',
    path: '/api/admin/maintenance/runs',
    access: 'admin',
    summary: 'The newest maintenance runs (scheduled, at worker start, or by an admin), newest first, with what each removed.',
    tags: ['system'],
    query: ListMaintenanceRunsQuerySchema,
    response: z.array(MaintenanceRunSchema),
  }),
  getMaintenance: defineEndpoint({
    method: 'GET',
    path: '/api/admin/maintenance/runs/:id',
    access: 'admin',
    summary: 'One maintenance run and its result.',
    tags: ['system'],
    params: IdParamsSchema,
    response: MaintenanceRunSchema,
  }),
};
