import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, StorageConfigError, storageConfigFromEnv } from './create-storage.ts';

const S3_ENV = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://minio:9000/',
  S3_BUCKET: 'scrapper-files',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

function issuesOf(env: Record<string, string | undefined>): string[] {
  try {
    storageConfigFromEnv(env);
  } catch (error) {
    if (error instanceof StorageConfigError) return error.issues;
    throw error;
  }
  throw new Error('expected a StorageConfigError');
}

describe('storageConfigFromEnv', () => {
  it('defaults to the local driver under DATA_DIR/storage, or the folder given', () => {
    expect(storageConfigFromEnv({})).toEqual({
      driver: 'local',
      dir: resolve('./.data', 'storage'),
    });
    expect(storageConfigFromEnv({ STORAGE_DRIVER: '', DATA_DIR: '/srv/data' })).toEqual({
      driver: 'local',
      dir: '/srv/data/storage',
    });
    expect(storageConfigFromEnv({ STORAGE_DRIVER: 'local' }, { localDir: '/x/files' })).toEqual({
      driver: 'local',
      dir: '/x/files',
    });
  });

  it('reads the S3 settings, with us-east-1 and path-style for a custom endpoint by default', () => {
    expect(storageConfigFromEnv(S3_ENV)).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'scrapper-files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(
      storageConfigFromEnv({ ...S3_ENV, S3_ENDPOINT: '', S3_REGION: 'eu-central-1' }),
    ).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(storageConfigFromEnv({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      forcePathStyle: false,
    });
    expect(
      storageConfigFromEnv({ ...S3_ENV, S3_ENDPOINT: undefined, S3_FORCE_PATH_STYLE: '1' }),
    ).toMatchObject({ forcePathStyle: true });
  });

  it('names every missing or invalid variable at once', () => {
    expect(issuesOf({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_BUCKET is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    ]);
    expect(
      issuesOf({
        ...S3_ENV,
        S3_ENDPOINT: 'minio:9000',
        S3_BUCKET: 'Bad_Bucket',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toEqual([
      'S3_ENDPOINT must be an http(s) URL, e.g. http://minio:9000',
      'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
      'S3_FORCE_PATH_STYLE must be true or false',
    ]);
    expect(issuesOf({ STORAGE_DRIVER: 'gcs' })).toEqual([
      'STORAGE_DRIVER must be "local" or "s3", not "gcs"',
    ]);
    expect(() => storageConfigFromEnv({ STORAGE_DRIVER: 's3' })).toThrow(
      /Invalid storage configuration:\n {2}S3_BUCKET is required/,
    );
  });
});

describe('createStorage', () => {
  const root = mkdtempSync(join(tmpdir(), 'create-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('makes the local driver for driver=local', async () => {
    const storage = createStorage({ driver: 'local', dir: root });
    await storage.write('results/u1/a.json', '{}');
    expect(await storage.readText('results/u1/a.json')).toBe('{}');
  });

  it('makes the S3 driver for driver=s3, checking keys before any request', async () => {
    // Port 9 (discard) on loopback: any request would fail with a network error, not a key error.
    const storage = createStorage({
      ...storageConfigFromEnv({ ...S3_ENV, S3_ENDPOINT: 'http://127.0.0.1:9' }),
    });
    await expect(storage.exists('../x')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.exists('results/u1/a.json')).rejects.not.toThrow(/unsafe storage key/);
  });
});
