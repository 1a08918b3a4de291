import { resolve } from 'node:path';
import { createLocalStorage } from './local.ts';
import { createS3Storage, type S3StorageConfig } from './s3.ts';
import type { Storage } from './storage.ts';

export type StorageConfig = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3StorageConfig);

/** A process's storage; `close` frees the S3 client's kept-alive connections (a no-op on disk). */
export type ProcessStorage = Storage & { close(): void };

/** The one storage of a process, from its configuration (STORAGE_DRIVER and friends). */
export function createStorage(config: StorageConfig): ProcessStorage {
  if (config.driver === 'local')
    return Object.assign(createLocalStorage(config.dir), { close() {} });
  const { driver: _driver, ...s3 } = config;
  return createS3Storage(s3);
}

/** Every problem of the storage settings at once, one per line, each naming its variable. */
export class StorageConfigError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid storage configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
    this.issues = issues;
  }
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BOOLEAN: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/**
 * Reads STORAGE_DRIVER (`local`, the default, or `s3`) and, for S3, S3_ENDPOINT, S3_BUCKET,
 * S3_REGION (default us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE
 * (default: true when S3_ENDPOINT is set, as self-hosted stores want, false for AWS). Empty
 * values count as unset, as shells and compose files write them. The local folder is
 * `options.localDir`, else DATA_DIR/storage as the API and worker use.
 */
export function storageConfigFromEnv(
  env: Record<string, string | undefined>,
  options: { localDir?: string } = {},
): StorageConfig {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const driver = get('STORAGE_DRIVER') ?? 'local';
  if (driver === 'local') {
    return {
      driver: 'local',
      dir: options.localDir ?? resolve(get('DATA_DIR') ?? './.data', 'storage'),
    };
  }
  if (driver !== 's3')
    throw new StorageConfigError([
      `STORAGE_DRIVER must be "local" or "s3", not ${JSON.stringify(driver)}`,
    ]);

  const issues: string[] = [];
  const required = (name: string): string => {
    const value = get(name);
    if (!value) issues.push(`${name} is required when STORAGE_DRIVER=s3`);
    return value ?? '';
  };
  const endpoint = get('S3_ENDPOINT');
  if (endpoint !== undefined && !isHttpUrl(endpoint))
    issues.push('S3_ENDPOINT must be an http(s) URL, e.g. http://minio:9000');
  const bucket = required('S3_BUCKET');
  if (bucket && !BUCKET_NAME.test(bucket)) {
    issues.push(
      'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
    );
  }
  const accessKeyId = required('S3_ACCESS_KEY_ID');
  const secretAccessKey = required('S3_SECRET_ACCESS_KEY');
  const pathStyle = get('S3_FORCE_PATH_STYLE');
  const forcePathStyle =
    pathStyle === undefined ? endpoint !== undefined : BOOLEAN[pathStyle.toLowerCase()];
  if (forcePathStyle === undefined) issues.push('S3_FORCE_PATH_STYLE must be true or false');
  if (issues.length > 0 || forcePathStyle === undefined) throw new StorageConfigError(issues);

  return {
    driver: 's3',
    ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}),
    bucket,
    region: get('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
