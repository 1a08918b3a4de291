// The worker's whole configuration, parsed once at start. `process.env` is read only here.
import { resolve } from 'node:path';
import { z } from 'zod';
import { concurrencyEnvName, jobCatalog, queueNames, type QueueName } from '@scrapper/contracts/jobs';

const BaseSchema = z.object({
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must be a postgres:// URL'),
  DATA_DIR: z.string().min(1).default('./.data'),
  HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().positive().default(10),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  DB_POOL_MAX: z.coerce.number().int().positive().default(5),
});

export interface Env {
  databaseUrl: string;
  dataDir: string;
  heartbeatIntervalSeconds: number;
  shutdownTimeoutSeconds: number;
  dbPoolMax: number;
  /** Jobs one process runs at once, per queue (WORKER_CONCURRENCY_<QUEUE>; 0 = not this queue). */
  concurrency: Record<QueueName, number>;
}

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const issues: string[] = [];
  const base = BaseSchema.safeParse(cleaned);
  if (!base.success) issues.push(...base.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));

  const concurrency = {} as Record<QueueName, number>;
  for (const queue of queueNames) {
    const name = concurrencyEnvName(queue);
    const raw = cleaned[name];
    const parsed = z.coerce.number().int().min(0).max(64).safeParse(raw ?? jobCatalog[queue].policy.defaultConcurrency);
    if (parsed.success) concurrency[queue] = parsed.data;
    else issues.push(`  ${name}: must be a whole number from 0 to 64`);
  }
  if (!base.success || issues.length > 0) throw new EnvError(`Invalid configuration:\n${issues.join('\n')}`);
  const e = base.data;
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    heartbeatIntervalSeconds: e.HEARTBEAT_INTERVAL_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    dbPoolMax: e.DB_POOL_MAX,
    concurrency,
  };
}
