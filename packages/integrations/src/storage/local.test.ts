import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';

const root = mkdtempSync(join(tmpdir(), 'storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

describe('local storage', () => {
  it('writes, reads and removes by key', async () => {
    const { size } = await storage.write('results/u1/a.json', '{"a":1}');
    expect(size).toBe(7);
    expect(await storage.readText('results/u1/a.json')).toBe('{"a":1}');
    expect(await storage.exists('results/u1/a.json')).toBe(true);
    await storage.remove('results/u1/a.json');
    expect(await storage.exists('results/u1/a.json')).toBe(false);
  });

  it('reads a byte range and reports sizes', async () => {
    await storage.write('files/u1/r.bin', 'abcdefghij');
    expect(await storage.size('files/u1/r.bin')).toBe(10);
    expect(await storage.size('files/u1/none.bin')).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('files/u1/r.bin', { start: 2, end: 5 })) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).toString()).toBe('cdef');
  });

  it('streams large bodies and leaves no partial file behind on failure', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('boom'));
      },
    });
    await expect(storage.write('results/u1/b.json', failing)).rejects.toThrow('boom');
    expect(readdirSync(join(root, 'results/u1')).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', 'results/../../etc/passwd', '/etc/passwd', 'results/.hidden', 'a//b', '', 'a/..%2f']) {
      await expect(storage.write(key, 'x'), key).rejects.toThrow(/unsafe storage key|escapes/);
    }
  });

  describe('serving into an HTTP response (reused buffers)', () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 123);

    /** Serves `read(key, range)` piped into the response, as Fastify does; returns what a client got. */
    async function served(range?: { start: number; end: number }, abortAfterBytes?: number, body = bytes) {
      await storage.write('files/u1/big.bin', body);
      let stream: Readable | undefined;
      const server = createServer((_req, res) => {
        void storage.read('files/u1/big.bin', range).then((body) => {
          stream = body;
          body.pipe(res);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const received = await new Promise<Buffer>((resolve, reject) => {
          get({ host: '127.0.0.1', port, path: '/' }, (res) => {
            const chunks: Buffer[] = [];
            let total = 0;
            res.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              total += chunk.length;
              if (abortAfterBytes !== undefined && total >= abortAfterBytes) {
                res.destroy();
                resolve(Buffer.concat(chunks));
              }
            });
            res.on('end', () => resolve(Buffer.concat(chunks)));
            res.on('error', reject);
          }).on('error', reject);
        });
        return { received, stream };
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }

    it('sends the whole file, byte for byte', async () => {
      const { received, stream } = await served();
      expect(received.equals(bytes)).toBe(true);
      expect(stream?.readableEnded).toBe(true);
    });

    it('sends exactly the range asked for', async () => {
      const { received } = await served({ start: 1000, end: 2 * 1024 * 1024 + 5 });
      expect(received.equals(bytes.subarray(1000, 2 * 1024 * 1024 + 6))).toBe(true);
    });

    it('stops reading and closes the file when the client goes away', async () => {
      // Larger than what the socket buffers of both ends can hold, so the abort comes mid-file.
      const { stream } = await served(undefined, 300 * 1024, Buffer.alloc(48 * 1024 * 1024, 1));
      await new Promise<void>((resolve) => {
        if (stream?.destroyed) resolve();
        else stream?.once('close', () => resolve());
      });
      expect(stream?.destroyed).toBe(true);
      expect(stream?.readableEnded).toBe(false);
    });

    it('hands any other consumer buffers of its own', async () => {
      await storage.write('files/u1/big.bin', bytes);
      const chunks: Buffer[] = [];
      // Keeps every chunk without copying: reused buffers would show up as wrong bytes here.
      const keeper = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      await pipeline(await storage.read('files/u1/big.bin'), keeper);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });
  });
});
