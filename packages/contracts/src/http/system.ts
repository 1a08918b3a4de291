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

export const MaintenanceResultSchema = z.object({
  staleWorkersRemoved: z.number().int(),
  expiredLoginAttemptsRemoved: z.number().int(),
});
export type MaintenanceResult = z.infer<typeof MaintenanceResultSchema>;

export const MaintenanceRunSchema = z.object({
  id: UuidSchema,
  status: MaintenanceRunStatusSchema,
  result: MaintenanceResultSchema.nullable(),
  error: z.string().nullable(),
  requestedBy: UuidSchema.nullable(),
  workerId: UuidSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type MaintenanceRun = z.infer<typeof MaintenanceRunSchema>;

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
    summary: 'Queue a maintenance sweep (stale worker rows, expired login attempts).',
    tags: ['system'],
    response: MaintenanceRunSchema,
    successStatus: 202,
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
