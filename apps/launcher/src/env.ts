// The launcher's configuration. It passes the whole environment on to the API and worker,
// which parse their own; here only what the launcher itself decides, by the same shared rules
// (contracts/rules/env-values) where a setting is one the API and worker read too.
import { resolve } from 'node:path';
import { z } from 'zod';
import { DatabaseUrlSchema, EnvError, envFlag, FetchAllowPrivateHostsSchema } from '@scrapper/contracts/rules/env-values';
import type { PrivateFetchSettings } from '@scrapper/contracts/rules/private-fetch';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: DatabaseUrlSchema.optional(),
  WORKER_PROCESSES: z.coerce.number().int().min(0).max(32).default(1),
  /** pretty: readable console, JSON log in DATA_DIR/logs (rotated); json: every JSON line on stdout. */
  LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  // Read here only to say so in the banner; API and workers parse them for what they do.
  ALLOW_PRIVATE_NETWORK_FETCH: envFlag(false),
  FETCH_ALLOW_PRIVATE_HOSTS: FetchAllowPrivateHostsSchema,
  SCRAPPER_DEV: envFlag(false),
});

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  workerProcesses: number;
  dev: boolean;
  logFormat: 'pretty' | 'json';
  /** The first admin's name (the API seeds it; the launcher only says it). */
  adminUsername: string;
  /** ALLOW_PRIVATE_NETWORK_FETCH and FETCH_ALLOW_PRIVATE_HOSTS, for the banner's warning. */
  privateFetch: PrivateFetchSettings;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    workerProcesses: e.WORKER_PROCESSES,
    dev: e.SCRAPPER_DEV,
    logFormat: e.LOG_FORMAT,
    adminUsername: e.ADMIN_USERNAME,
    privateFetch: { allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH, allowHosts: e.FETCH_ALLOW_PRIVATE_HOSTS },
  };
}
