import { existsSync } from 'node:fs';
import { createS3Storage } from '@scrapper/integrations/storage/s3';
import { describe, expect, it } from 'vitest';
import { startS3Server } from './start-s3-server.ts';

describe('startS3Server', () => {
  it('serves a bucket on 127.0.0.1, then closes at once with a download half-read, and removes its folder', async () => {
    const server = await startS3Server({ bucket: 'closing-test' });
    expect(server.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const storage = createS3Storage({ ...server, forcePathStyle: true });
    await storage.write('files/u1/big.bin', Buffer.alloc(4 * 1024 * 1024, 1));
    expect(await storage.size('files/u1/big.bin')).toBe(4 * 1024 * 1024);
    expect(server.requestCount()).toBe(2);

    // A reader that took one chunk and stopped: its connection stays open.
    const download = await storage.read('files/u1/big.bin');
    download.on('error', () => undefined);
    await new Promise((resolve) => download.once('readable', resolve));

    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await server.close(); // twice is fine
    expect(existsSync(server.directory)).toBe(false);
    await expect(fetch(server.endpoint)).rejects.toThrow();
    storage.close();
  });

  it('gives every server its own folder and port', async () => {
    const [a, b] = await Promise.all([startS3Server(), startS3Server()]);
    expect(a.endpoint).not.toBe(b.endpoint);
    expect(a.directory).not.toBe(b.directory);
    await Promise.all([a.close(), b.close()]);
  });
});
