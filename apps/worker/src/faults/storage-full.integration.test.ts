// Issue 8, faults: storage full while downloads run, on both drivers, with a real out-of-space
// condition: a 1 MiB tmpfs mounted as the local storage root and filled (needs root and
// `mount`; skipped with a note otherwise), and s3rver answering 507 XMinioStorageFull as MinIO
// does. With no retry left the history row fails with the readable Indonesian message and
// nothing is stored; with retries, the job keeps trying and completes once room is back.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { STORAGE_FULL_MESSAGE } from '@scrapper/integrations/storage/storage';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startTestStorage, type TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished, until } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

let h: WorkerHarness;
let database: Database;
let media: MediaServer;
let ownerId: string;
let counter = 0;

beforeAll(async () => {
  // Each driver below brings its own data folder and store; the harness gives the database,
  // the media server and the env.
  h = await startWorkerHarness({ name: 'faults-full', storage: 'none', media: {}, poolMax: 4 });
  ({ database, media } = h);
  ownerId = await h.insertUser('member');
}, 120_000);

afterAll(async () => {
  await h?.close();
});

interface Subject {
  worker: RunningWorker;
  storage: TestStorage;
  fill(): Promise<void>;
  free(): Promise<void>;
  close(): Promise<void>;
}

/** Local storage on a 1 MiB tmpfs; undefined when this machine cannot mount one. */
async function localOnTmpfs(): Promise<Subject | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-full-local-'));
  const root = join(dataDir, 'storage');
  mkdirSync(root);
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', root]);
  if (mount.status !== 0) {
    console.log(`storage full (local): skipped, no tmpfs (${mount.stderr?.toString().trim() || 'mount unavailable'})`);
    rmSync(dataDir, { recursive: true, force: true });
    return undefined;
  }
  const storage = await startTestStorage({ dataDir, driver: 'local' });
  const worker = await startDownloadWorker(dataDir, storage);
  const filler = join(root, 'filler.bin');
  return {
    worker,
    storage,
    async fill() {
      // All but 16 KiB: less than any clip, so the next stored download hits ENOSPC.
      const { bavail, bsize } = await statfs(root);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 16 * 1024)));
    },
    async free() {
      rmSync(filler, { force: true });
    },
    async close() {
      await worker.stop();
      spawnSync('umount', [root]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function s3OutOfSpace(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-full-s3-'));
  const storage = await startTestStorage({ dataDir, driver: 's3' });
  const worker = await startDownloadWorker(dataDir, storage);
  return {
    worker,
    storage,
    async fill() {
      storage.s3?.setFreeBytes(0);
    },
    async free() {
      storage.s3?.setFreeBytes(undefined);
    },
    async close() {
      await worker.stop();
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startDownloadWorker(dataDir: string, storage: TestStorage): Promise<RunningWorker> {
  const worker = await h.startWorker({
    DATA_DIR: dataDir,
    WORKER_QUEUES: 'video.download',
    ...storage.env,
  });
  await worker.boss.updateQueue('video.download', { retryDelay: 1, retryBackoff: true });
  return worker;
}

async function queueDownload(worker: RunningWorker): Promise<string> {
  counter++;
  const { row } = await insertOrJoinDownload(database.db, {
    ownerId,
    platform: 'tiktok',
    sourceItemId: `full-${counter}`,
    sourceUrl: `${media.urls.clip3s}?n=${counter}`,
    directUrl: null,
    resultFileName: null,
    title: `Video ${counter}`,
    author: 'kreator',
    quality: 'best',
    batchId: null,
    item: {},
  });
  await enqueue(worker.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
  return row.id;
}

function finished(id: string) {
  return downloadFinished(database, id);
}

for (const [driver, start] of [['local', localOnTmpfs], ['s3', s3OutOfSpace]] as const) {
  describe(`storage full (${driver})`, () => {
    let subject: Subject | undefined;
    beforeAll(async () => {
      subject = await start();
    }, 60_000);
    afterAll(async () => {
      await subject?.close();
    });

    it('fails the row readably with no retry left, and completes a retried download once room is back', async (context) => {
      if (!subject) return context.skip();
      const { worker, storage } = subject;
      await subject.fill();
      await worker.boss.updateQueue('video.download', { retryLimit: 0 });
      const refused = await finished(await queueDownload(worker));
      await worker.boss.updateQueue('video.download', { retryLimit: 3 });
      expect([refused.status, refused.error, refused.storageKey]).toEqual(['failed', STORAGE_FULL_MESSAGE, null]);
      expect((await storage.files('downloads/')).filter((k) => k.includes(refused.id))).toEqual([]);

      // Retried: the first attempt meets the full store, then room comes back.
      const id = await queueDownload(worker);
      const reason = await until('the first refused attempt', async () => {
        const [job] = await database.sql<{ retry_count: number; output: { message?: string } | null }[]>`
          select retry_count, output from pgboss.job where name = 'video.download' and data->>'downloadId' = ${id}`;
        return job && job.retry_count > 0 && job.output?.message ? job.output.message : undefined;
      }, 60_000, 50);
      await subject.free();
      const row = await finished(id);
      const stored = await storage.files('downloads/');
      const lost = row.status === 'completed' ? 0 : 1;
      console.log(`fault storage-full-${driver}: sent=2 failed=2 recovered=${1 - lost} lost=${lost} (no-retry row ${JSON.stringify(refused.error)}; retried attempt ${JSON.stringify(reason)})`);
      expect(reason).toBe(STORAGE_FULL_MESSAGE);
      expect([row.status, row.error]).toEqual(['completed', null]);
      // Only the finished file: no partial one, no open multipart upload.
      expect(stored.filter((k) => !k.endsWith('filler.bin'))).toEqual([row.storageKey]);
      expect(lost).toBe(0);
      // And the store keeps working for the next one.
      expect((await finished(await queueDownload(worker))).status).toBe('completed');
    }, 120_000);
  });
}
