// One contract for every storage driver: the same cases run against the local driver and
// against the S3 driver talking to a real S3-compatible server (s3rver). It lives in testkit
// because integrations may not depend on testkit (see README).
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createLocalStorage } from '@scrapper/integrations/storage/local';
import { createS3Storage } from '@scrapper/integrations/storage/s3';
import { StorageKeyError, type Storage } from '@scrapper/integrations/storage/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from './s3-server/start-s3-server.ts';

interface Subject {
  storage: Storage;
  /** Changes whenever the driver reached its backing store (S3: any request; local: the file tree). */
  ioMarker(): Promise<string>;
  /** Writes left unfinished: `.partial` files, or multipart uploads neither completed nor aborted. */
  leftovers(): Promise<string[]>;
  /** Requests the driver made to its store so far (S3 only: the local driver has no requests). */
  requestCount?: () => number;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

async function startLocal(): Promise<Subject> {
  const root = await mkdtemp(join(tmpdir(), 'storage-contract-'));
  const tree = async () => {
    const names = await readdir(root, { recursive: true });
    const entries = await Promise.all(
      names.sort().map(async (n) => `${n}:${(await stat(join(root, n))).mtimeMs}`),
    );
    return entries;
  };
  return {
    storage: createLocalStorage(root),
    ioMarker: async () => (await tree()).join('\n'),
    leftovers: async () =>
      (await readdir(root, { recursive: true })).filter((n) => n.endsWith('.partial')),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function startS3(): Promise<Subject> {
  const server = await startS3Server();
  const storage = createS3Storage({ ...server, forcePathStyle: true });
  return {
    storage,
    ioMarker: async () => String(server.requestCount()),
    requestCount: () => server.requestCount(),
    leftovers: async () => (await server.multipartUploads()).map((u) => `${u.key} (${u.uploadId})`),
    close: async () => {
      storage.close();
      await server.close();
    },
  };
}

/** Live memory (V8 heap plus Buffers) after a full collection, so garbage does not count. */
const collect: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
function liveBytes(): number {
  collect();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Byte `i` of the generated big files: varies within 8 KiB and between them, so misplaced parts show. */
function patternByte(i: number): number {
  return (i * 7 + Math.floor(i / 8192) * 13) & 0xff;
}
function patternBytes(start: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let k = 0; k < length; k++) bytes[k] = patternByte(start + k);
  return bytes;
}

/**
 * A stream of `total` pattern bytes in chunks of an odd size (so chunk and part boundaries
 * never line up), made as it is read; `onProgress` runs about every 4 MiB.
 */
function patternStream(
  total: number,
  options: { chunk?: number; delayMs?: number; failAfter?: number; onProgress?: () => void } = {},
) {
  const chunkSize = options.chunk ?? 1_000_003;
  const hash = createHash('sha256');
  let sent = 0;
  let sinceProgress = 0;
  const stream = new Readable({
    highWaterMark: chunkSize,
    read() {
      void (async () => {
        if (options.delayMs) await sleep(options.delayMs);
        if (options.failAfter !== undefined && sent >= options.failAfter) {
          this.destroy(new Error('source broke'));
          return;
        }
        if (sent >= total) {
          this.push(null);
          return;
        }
        const limit = Math.min(total, options.failAfter ?? total);
        const bytes = patternBytes(sent, Math.min(chunkSize, limit - sent));
        hash.update(bytes);
        sent += bytes.length;
        sinceProgress += bytes.length;
        if (options.onProgress && sinceProgress >= 4 * MiB) {
          sinceProgress = 0;
          options.onProgress();
        }
        this.push(bytes);
      })();
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const UNSAFE_KEYS = [
  '../x',
  'results/../../etc/passwd',
  '/etc/passwd',
  'results/.hidden',
  'a//b',
  '',
  'a/..%2f',
  'results/u1/',
];

describe.each([
  { driver: 'local', start: startLocal },
  { driver: 's3', start: startS3 },
])('storage contract: $driver driver', ({ start }) => {
  let subject: Subject;
  let storage: Storage;

  beforeAll(async () => {
    subject = await start();
    storage = subject.storage;
  });
  afterAll(async () => {
    await subject.close();
  });

  it('round-trips a string as UTF-8 and reports its size in bytes', async () => {
    const text = '{"judul":"Résumé — 日本語 ✓"}';
    const { size } = await storage.write('results/u1/text.json', text);
    expect(size).toBe(Buffer.byteLength(text));
    expect(await storage.readText('results/u1/text.json')).toBe(text);
    expect((await readAll(await storage.read('results/u1/text.json'))).toString('utf8')).toBe(text);
    expect(await storage.size('results/u1/text.json')).toBe(Buffer.byteLength(text));
  });

  it('round-trips a Buffer byte for byte', async () => {
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      patternBytes(0, 70_000),
    ]);
    expect(await storage.write('files/u1/bytes.bin', bytes)).toEqual({ size: bytes.length });
    expect((await readAll(await storage.read('files/u1/bytes.bin'))).equals(bytes)).toBe(true);
  });

  it('writes empty bodies, from a string and from a stream', async () => {
    expect(await storage.write('files/u1/empty-a.txt', '')).toEqual({ size: 0 });
    expect(await storage.write('files/u1/empty-b.txt', Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.readText('files/u1/empty-a.txt')).toBe('');
    expect(await storage.size('files/u1/empty-b.txt')).toBe(0);
    expect(await storage.exists('files/u1/empty-b.txt')).toBe(true);
  });

  it('streams a 50 MB body in and out without ever holding it in memory', async () => {
    const total = 50 * MiB;
    const baseline = liveBytes();
    let peak = baseline;
    const sample = () => {
      peak = Math.max(peak, liveBytes());
    };
    const source = patternStream(total, { onProgress: sample });
    expect(await storage.write('files/u1/big.bin', source.stream)).toEqual({ size: total });
    const writeGrowth = peak - baseline;

    expect(await storage.size('files/u1/big.bin')).toBe(total);
    peak = liveBytes();
    const readBaseline = peak;
    const hash = createHash('sha256');
    let read = 0;
    let sinceSample = 0;
    for await (const chunk of await storage.read('files/u1/big.bin')) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      read += bytes.length;
      sinceSample += bytes.length;
      if (sinceSample >= 4 * MiB) {
        sinceSample = 0;
        sample();
      }
    }
    expect(read).toBe(total);
    expect(hash.digest('hex')).toBe(source.digest());
    // Holding the body would take 50 MiB; the S3 driver needs one 8 MiB part plus the next being read.
    expect(writeGrowth).toBeLessThan(32 * MiB);
    expect(peak - readBaseline).toBeLessThan(16 * MiB);

    // Bytes around the first part boundary of a multipart upload, and the very end.
    const around = { start: 8 * MiB - 10, end: 8 * MiB + 9 };
    expect(
      (await readAll(await storage.read('files/u1/big.bin', around))).equals(
        patternBytes(around.start, 20),
      ),
    ).toBe(true);
    const tail = { start: total - 5, end: total - 1 };
    expect(
      (await readAll(await storage.read('files/u1/big.bin', tail))).equals(
        patternBytes(tail.start, 5),
      ),
    ).toBe(true);
    await storage.remove('files/u1/big.bin');
  });

  it('reads inclusive byte ranges: first byte, middle, last byte, whole', async () => {
    const bytes = patternBytes(0, 1000);
    await storage.write('files/u1/range.bin', bytes);
    const range = async (start: number, end: number) =>
      readAll(await storage.read('files/u1/range.bin', { start, end }));
    expect((await range(0, 0)).equals(bytes.subarray(0, 1))).toBe(true);
    expect((await range(400, 599)).equals(bytes.subarray(400, 600))).toBe(true);
    expect((await range(999, 999)).equals(bytes.subarray(999))).toBe(true);
    expect((await range(0, 999)).equals(bytes)).toBe(true);
  });

  it('answers size, exists and remove for present and missing keys', async () => {
    await storage.write('files/u1/present.txt', 'here');
    expect(await storage.size('files/u1/present.txt')).toBe(4);
    expect(await storage.exists('files/u1/present.txt')).toBe(true);
    expect(await storage.size('files/u1/missing.txt')).toBeUndefined();
    expect(await storage.exists('files/u1/missing.txt')).toBe(false);
    // A prefix of other keys is not a file.
    expect(await storage.exists('files/u1')).toBe(false);
    expect(await storage.size('files/u1')).toBeUndefined();

    await storage.remove('files/u1/present.txt');
    expect(await storage.exists('files/u1/present.txt')).toBe(false);
    expect(await storage.size('files/u1/present.txt')).toBeUndefined();
    // Removing what is not there is fine (jobs run twice, cleanups race).
    await expect(storage.remove('files/u1/present.txt')).resolves.toBeUndefined();
    await expect(storage.remove('files/u9/never.txt')).resolves.toBeUndefined();
  });

  it('fails reads of a missing key with ENOENT, as fs does', async () => {
    await expect(storage.read('files/u1/missing.bin')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.read('files/u1/missing.bin', { start: 0, end: 0 })).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(storage.readText('results/u1/missing.json')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('rejects unsafe keys with StorageKeyError before any I/O', async () => {
    await storage.write('results/u1/keep.json', '{}');
    const before = await subject.ioMarker();
    const operations: [string, (key: string) => Promise<unknown>][] = [
      ['write', (key) => storage.write(key, 'x')],
      ['write stream', (key) => storage.write(key, Readable.from(['x']))],
      ['read', (key) => storage.read(key)],
      ['read range', (key) => storage.read(key, { start: 0, end: 0 })],
      ['readText', (key) => storage.readText(key)],
      ['size', (key) => storage.size(key)],
      ['exists', (key) => storage.exists(key)],
      ['existing', (key) => storage.existing([key])],
      // A safe key before the unsafe one: nothing is read for it either.
      ['existing after a safe key', (key) => storage.existing(['results/u1/keep.json', key])],
      ['remove', (key) => storage.remove(key)],
      ['removeFolder', (key) => storage.removeFolder(key)],
    ];
    for (const [name, operation] of operations) {
      for (const key of UNSAFE_KEYS) {
        await expect(operation(key), `${name} ${JSON.stringify(key)}`).rejects.toBeInstanceOf(
          StorageKeyError,
        );
      }
    }
    expect(await subject.ioMarker()).toBe(before);
  });

  it('replaces a file atomically: readers during a rewrite see the old or the new bytes, never a mix', async () => {
    const length = 9 * MiB; // more than one 8 MiB part: a multipart upload on S3
    const key = 'files/u1/atomic.bin';
    await storage.write(key, Buffer.alloc(length, 'a'));
    let pushed = 0;
    const source = new Readable({
      read() {
        // Slow on purpose: readers get time to run while the rewrite is under way.
        void sleep(40).then(() => {
          if (pushed >= length) {
            this.push(null);
            return;
          }
          pushed += MiB;
          this.push(Buffer.alloc(MiB, 'b'));
        });
      },
    });
    let writing = true;
    const write = storage.write(key, source).finally(() => {
      writing = false;
    });

    const seen: string[] = [];
    while (writing) {
      const bytes = await readAll(await storage.read(key));
      const first = bytes.subarray(0, 1).toString();
      expect(bytes.length, 'a whole file').toBe(length);
      expect(bytes.equals(Buffer.alloc(length, first)), `all ${first}`).toBe(true);
      seen.push(first);
    }
    expect(await write).toEqual({ size: length });
    expect(seen[0], 'a reader ran during the rewrite').toBe('a');
    expect((await readAll(await storage.read(key))).equals(Buffer.alloc(length, 'b'))).toBe(true);
  });

  it.each([
    { when: 'before its first byte', failAfter: 0 },
    { when: 'after 10 MiB (past the first S3 part)', failAfter: 10 * MiB },
  ])(
    'leaves no object and nothing unfinished when the source fails $when',
    async ({ failAfter }) => {
      const key = `files/u1/broken-${failAfter}.bin`;
      const { stream } = patternStream(20 * MiB, { failAfter });
      await expect(storage.write(key, stream)).rejects.toThrow('source broke');
      expect(await storage.exists(key)).toBe(false);
      expect(await subject.leftovers()).toEqual([]);
    },
  );

  it('keeps the previous content when a rewrite fails', async () => {
    const key = 'results/u1/kept.json';
    await storage.write(key, '{"version":1}');
    const { stream } = patternStream(20 * MiB, { failAfter: 9 * MiB });
    await expect(storage.write(key, stream)).rejects.toThrow('source broke');
    expect(await storage.readText(key)).toBe('{"version":1}');
    expect(await subject.leftovers()).toEqual([]);
  });

  it('replaces longer content with shorter content whole, leaving no tail', async () => {
    const key = 'results/u1/shrink.json';
    await storage.write(key, 'x'.repeat(5000));
    await storage.write(key, Readable.from([Buffer.from('short')]));
    expect(await storage.readText(key)).toBe('short');
    expect(await storage.size(key)).toBe(5);
  });

  it('existing: says which keys are files now, folder by folder', async () => {
    await storage.write('ex/u1/a.mp4', 'a');
    await storage.write('ex/u1/b1.mp4', 'b1');
    await storage.write('ex/u1/b10.mp4', 'b10');
    await storage.write('ex/u1/sub/deep.mp4', 'deep');
    await storage.write('ex/u2/a.mp4', 'other folder');
    await storage.write('ex/u3/only.mp4', 'x');
    await storage.write('ex-top.txt', 'no folder');
    expect(await storage.existing([])).toEqual(new Set());
    const asked = [
      'ex/u1/a.mp4',
      'ex/u1/b1.mp4',
      'ex/u1/b10.mp4',
      'ex/u1/b100.mp4', // shares its start with b10 and b1: not there
      'ex/u1/b.mp4', // a prefix of b1.mp4 and b10.mp4 in its folder: not there
      'ex/u1/missing.mp4',
      'ex/u1/deep.mp4', // only in a deeper folder
      'ex/u1/sub/deep.mp4',
      'ex/u1/sub', // a folder, not a file
      'ex/u2/a.mp4',
      'ex/u2/b1.mp4', // b1.mp4 exists, in another folder
      'ex/u3/a.mp4', // a.mp4 exists, in other folders
      'ex/u9/a.mp4', // no such folder
      'ex-top.txt',
      'ex-none.txt',
      'ex/u1/a.mp4', // asked twice
    ];
    expect([...(await storage.existing(asked))].sort()).toEqual([
      'ex-top.txt',
      'ex/u1/a.mp4',
      'ex/u1/b1.mp4',
      'ex/u1/b10.mp4',
      'ex/u1/sub/deep.mp4',
      'ex/u2/a.mp4',
    ]);
    // Agrees with exists() key by key.
    for (const key of asked) {
      expect((await storage.existing([key])).has(key), key).toBe(await storage.exists(key));
    }
    // No caching: a file removed (here, or behind the product's back) is missing at once.
    await storage.remove('ex/u1/b1.mp4');
    expect(await storage.existing(['ex/u1/b1.mp4', 'ex/u1/b10.mp4'])).toEqual(new Set(['ex/u1/b10.mp4']));
    await storage.write('ex/u1/b1.mp4', 'back');
    expect(await storage.existing(['ex/u1/b1.mp4'])).toEqual(new Set(['ex/u1/b1.mp4']));
  });

  it('existing: more than one listing page (1,000 keys on S3) in one folder', async () => {
    const keys = Array.from({ length: 1_105 }, (_, i) => `many/u1/${String(i).padStart(5, '0')}.mp4`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.write(key, 'x')));
    }
    const gone = new Set(keys.filter((_, i) => i % 97 === 0));
    await Promise.all([...gone].map((key) => storage.remove(key)));
    const asked = [...keys, 'many/u1/99999.mp4', 'many/u1/zzz.mp4'];
    const before = subject.requestCount?.();
    const found = await storage.existing(asked);
    expect(found.size).toBe(keys.length - gone.size);
    expect([...found].sort()).toEqual(keys.filter((key) => !gone.has(key)));
    // The last keys (past the first page) were found; and S3 was listed, not asked per key.
    expect(found.has(keys.at(-1) ?? '')).toBe(true);
    if (before !== undefined) expect((subject.requestCount?.() ?? 0) - before).toBeLessThanOrEqual(3);
  });

  it('removeFolder: a folder with everything under it, past a listing page, and nothing beside it', async () => {
    const many = Array.from({ length: 1_010 }, (_, i) => `accounts/gone/many/${String(i).padStart(4, '0')}.mp4`);
    await storage.write('accounts/gone/a.mp4', 'a');
    await storage.write('accounts/gone/deep/b.png', 'b');
    for (let i = 0; i < many.length; i += 50) await Promise.all(many.slice(i, i + 50).map((key) => storage.write(key, 'x')));
    await storage.write('accounts/kept/c.mp4', 'c');
    // A neighbour whose name starts like the removed folder's: not inside it.
    await storage.write('accounts/gone2/d.mp4', 'd');
    await storage.write('accounts/top.json', '{}');

    await storage.removeFolder('accounts/gone');
    expect(await storage.existing(['accounts/gone/a.mp4', 'accounts/gone/deep/b.png', ...many])).toEqual(new Set());
    expect(await storage.existing(['accounts/kept/c.mp4', 'accounts/gone2/d.mp4', 'accounts/top.json'])).toEqual(
      new Set(['accounts/kept/c.mp4', 'accounts/gone2/d.mp4', 'accounts/top.json']),
    );
    // Gone already, or never there: nothing to do.
    await storage.removeFolder('accounts/gone');
    await storage.removeFolder('accounts/never');
  });
});
