import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
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
});
