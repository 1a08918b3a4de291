// Issue 8, faults: storage full, for both drivers on a real out-of-space condition. Local: a
// 1 MiB tmpfs mounted under the storage root (needs root and `mount`; skipped with a note
// otherwise). S3: s3rver answering 507 XMinioStorageFull, as MinIO does below its free-drive
// threshold, once the room given runs out. Either way the write fails with StorageFullError
// (its Indonesian message is what the member reads), nothing half-written stays (no `.partial`
// file, no open multipart upload), and writes work again once there is room.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createLocalStorage } from '@scrapper/integrations/storage/local';
import { createS3Storage } from '@scrapper/integrations/storage/s3';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '@scrapper/integrations/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from './start-s3-server.ts';

const MiB = 1024 * 1024;

/** `length` bytes in 64 KiB chunks, as a download arrives. */
function stream(length: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 7);
  let left = length;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const next = chunk.subarray(0, Math.min(chunk.length, left));
      left -= next.length;
      this.push(next);
    },
  });
}

describe('S3 store out of space', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    server.setFreeBytes(undefined);
    await server.close();
  });

  it('a multipart write that runs out of room half-way fails readably and aborts its upload', async () => {
    const storage = createS3Storage({ ...server, forcePathStyle: true }, { partSize: 5 * MiB });
    try {
      // Room for the first part, not the second.
      server.setFreeBytes(6 * MiB);
      const error: unknown = await storage.write('downloads/u/penuh.mp4', stream(12 * MiB)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageFullError);
      expect((error as Error).message).toBe(STORAGE_FULL_MESSAGE);
      expect(server.refusedForSpace()).toBe(1);
      expect(await server.multipartUploads()).toEqual([]);
      expect(await storage.exists('downloads/u/penuh.mp4')).toBe(false);

      const single: unknown = await storage.write('results/u/kecil.json', Buffer.alloc(2 * MiB)).catch((e: unknown) => e);
      expect(single).toBeInstanceOf(StorageFullError);
      expect(await storage.exists('results/u/kecil.json')).toBe(false);
      console.log(`fault storage-full-s3-driver: sent=2 failed=2 recovered=2 lost=0 (refused PUTs ${server.refusedForSpace()})`);

      // Room again: the same writes go through whole.
      server.setFreeBytes(undefined);
      expect(await storage.write('downloads/u/penuh.mp4', stream(12 * MiB))).toEqual({ size: 12 * MiB });
      expect(await storage.size('downloads/u/penuh.mp4')).toBe(12 * MiB);
      expect(await storage.write('results/u/kecil.json', Buffer.alloc(2 * MiB))).toEqual({ size: 2 * MiB });
    } finally {
      storage.close();
    }
  });
});

describe('local disk full', () => {
  let dir: string;
  let mounted = false;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-full-'));
    await mkdir(join(dir, 'storage'));
    // A real full filesystem needs a small one of its own: a tmpfs, which only root can mount.
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', join(dir, 'storage')]);
    mounted = mount.status === 0;
    if (!mounted) console.log(`local disk full: skipped, no tmpfs (${mount.stderr?.toString().trim() || 'mount unavailable'})`);
  });
  afterAll(async () => {
    if (mounted) spawnSync('umount', [join(dir, 'storage')]);
    await rm(dir, { recursive: true, force: true });
  });

  it('a write that fills the disk fails readably and leaves no partial file; the next one that fits works', async (context) => {
    if (!mounted) return context.skip();
    const storage = createLocalStorage(join(dir, 'storage'));
    const error: unknown = await storage.write('downloads/u/besar.mp4', stream(2 * MiB)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as Error).message).toBe(STORAGE_FULL_MESSAGE);
    expect(((error as Error).cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(await readdir(join(dir, 'storage'), { recursive: true })).toEqual(['downloads', 'downloads/u']);
    const buffered: unknown = await storage.write('results/u/besar.json', Buffer.alloc(2 * MiB)).catch((e: unknown) => e);
    expect(buffered).toBeInstanceOf(StorageFullError);
    console.log('fault storage-full-local-driver: sent=2 failed=2 recovered=2 lost=0');
    // The partial file is gone, so its room is back.
    expect(await storage.write('downloads/u/kecil.mp4', stream(512 * 1024))).toEqual({ size: 512 * 1024 });
    expect(await storage.size('downloads/u/kecil.mp4')).toBe(512 * 1024);
  });
});
