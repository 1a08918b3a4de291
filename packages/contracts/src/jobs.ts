import { z } from 'zod';
import { UuidSchema } from './common.ts';

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
}

export const MaintenanceSweepPayloadSchema = z.object({ runId: UuidSchema });
export type MaintenanceSweepPayload = z.infer<typeof MaintenanceSweepPayloadSchema>;

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
} as const satisfies Record<string, { payload: z.ZodType; policy: QueuePolicy }>;

export type QueueName = keyof typeof jobCatalog;
export type JobPayload<Q extends QueueName> = z.infer<(typeof jobCatalog)[Q]['payload']>;
export const queueNames = Object.keys(jobCatalog) as QueueName[];

/** `maintenance.sweep` -> `WORKER_CONCURRENCY_MAINTENANCE_SWEEP`. */
export function concurrencyEnvName(queue: QueueName): string {
  return `WORKER_CONCURRENCY_${queue.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
}
