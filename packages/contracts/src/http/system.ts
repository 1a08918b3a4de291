import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});

export const WorkerSchema = z.object({
  id: UuidSchema,
  hostname: z.string(),
  pid: z.number().int(),
  queues: z.array(z.string()),
  startedAt: IsoDateTimeSchema,
  lastSeenAt: IsoDateTimeSchema,
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
    summary: 'Liveness and database reachability.',
    tags: ['system'],
    response: HealthResponseSchema,
  }),
  listWorkers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/workers',
    access: 'admin',
    summary: 'Worker processes that sent a heartbeat recently.',
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
