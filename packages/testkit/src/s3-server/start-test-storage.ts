import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { startS3Server, type S3Server } from './start-s3-server.ts';

/** s3rver keeps object `a/b.mp4` in the file `a/b.mp4._S3rver_object`, beside its metadata. */
const S3RVER_OBJECT = '._S3rver_object';

export interface TestStorage {
  driver: 'local' | 's3';
  /** STORAGE_DRIVER and, for S3, the S3_* variables: spread them into the env a test loads. */
  env: Record<string, string>;
  /** The S3-compatible server, when the driver is s3. */
  s3: S3Server | undefined;
  /**
   * What the store holds under `prefix`, as it sits on the disk behind it: stored keys, files
   * still being written (`.partial`) and open multipart uploads. For tests that prove a refused
   * or broken request left nothing behind, which the Storage interface cannot list.
   */
  files(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The storage an integration test file runs on: `local` (the default: DATA_DIR/storage) or
 * `s3`, a fresh s3rver of its own. The file suites run once per driver: `TEST_STORAGE_DRIVER=s3`
 * picks S3 (see the `test:s3` scripts of apps/api and apps/worker).
 */
export async function startTestStorage(options: {
  dataDir: string;
  driver?: string | undefined;
}): Promise<TestStorage> {
  const driver = options.driver ?? process.env['TEST_STORAGE_DRIVER'] ?? 'local';
  if (driver === 'local') {
    const root = join(options.dataDir, 'storage');
    return {
      driver: 'local',
      env: { STORAGE_DRIVER: 'local' },
      s3: undefined,
      files: (prefix) => filesUnder(root, prefix, (path) => path),
      close: async () => undefined,
    };
  }
  if (driver !== 's3') throw new Error(`TEST_STORAGE_DRIVER must be local or s3, not ${driver}`);
  const s3 = await startS3Server();
  const root = join(s3.directory, s3.bucket);
  return {
    driver: 's3',
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    s3,
    async files(prefix) {
      const stored = await filesUnder(root, prefix, (path) => {
        if (path.endsWith(S3RVER_OBJECT)) return path.slice(0, -S3RVER_OBJECT.length);
        return path.endsWith('.partial') ? path : undefined;
      });
      const open = (await s3.multipartUploads())
        .filter((u) => u.key.startsWith(prefix))
        .map((u) => `${u.key} (multipart upload ${u.uploadId})`);
      return [...stored, ...open].sort();
    },
    close: () => s3.close(),
  };
}

/** Files below `root/prefix` as slash-separated paths from root, mapped (undefined: left out). */
async function filesUnder(
  root: string,
  prefix: string,
  map: (path: string) => string | undefined,
): Promise<string[]> {
  const entries = await readdir(join(root, prefix), { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => map(relative(root, join(e.parentPath, e.name)).split(sep).join('/')))
    .filter((path): path is string => path !== undefined)
    .sort();
}
