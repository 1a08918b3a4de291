// What the S3 driver sends and how it reads answers, against a scripted HTTP server: the
// requests on the wire, and answers a real S3-compatible server will not give on demand
// (failures half-way, over-long ranges). The full storage contract against a real
// S3-compatible server is in @scrapper/testkit (storage-contract.integration.test.ts).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from './s3.ts';
import { StorageKeyError } from './storage.ts';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

let server: Server;
let endpoint: string;
let requests: Recorded[] = [];
let answer: (request: Recorded) => Answer = () => ({});

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3');
      const recorded = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const { status = 200, headers = {}, body = '' } = answer(recorded);
      res
        .writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers })
        .end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  answer = () => ({});
});

function storage(options: S3StorageOptions = {}) {
  return createS3Storage(
    {
      endpoint,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    },
    { maxAttempts: 1, ...options },
  );
}

const xml = (body: string) => ({
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
});
const s3Error = (status: number, code: string) => ({
  status,
  ...xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`),
});

/** A store that accepts multipart uploads; `failPart` answers that part number with 403. */
function multipartStore(failPart?: number) {
  return (r: Recorded): Answer => {
    if (r.method === 'POST' && r.query.has('uploads'))
      return xml(
        '<InitiateMultipartUploadResult><Bucket>media</Bucket><Key>k</Key><UploadId>up-1</UploadId></InitiateMultipartUploadResult>',
      );
    if (r.method === 'PUT' && r.query.has('partNumber')) {
      if (Number(r.query.get('partNumber')) === failPart) return s3Error(403, 'AccessDenied');
      return { headers: { etag: `"etag-${r.query.get('partNumber')}"` } };
    }
    if (r.method === 'POST' && r.query.has('uploadId'))
      return xml(
        '<CompleteMultipartUploadResult><Bucket>media</Bucket><Key>k</Key><ETag>"all"</ETag></CompleteMultipartUploadResult>',
      );
    if (r.method === 'DELETE') return { status: 204 };
    return {};
  };
}

function bytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => i % 251));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('S3 storage: uploads', () => {
  it('sends plain bodies with their length: no aws-chunked encoding, no CRC32 checksums', async () => {
    answer = multipartStore();
    const s3 = storage({ partSize: 1024 });
    await s3.write('results/u1/a.json', '{"a":1}');
    await s3.write('files/u1/b.bin', Readable.from([bytes(1500)]));
    s3.close();
    const uploads = requests.filter((r) => r.method === 'PUT');
    expect(uploads.map((r) => r.path)).toEqual([
      '/media/results/u1/a.json',
      '/media/files/u1/b.bin',
      '/media/files/u1/b.bin',
    ]);
    for (const r of uploads) {
      expect(r.headers['content-length']).toBe(String(r.body.length));
      expect(r.headers['content-encoding'] ?? '').not.toContain('aws-chunked');
      expect(r.headers['x-amz-content-sha256'] ?? '').not.toMatch(/STREAMING/);
      expect(
        Object.keys(r.headers).filter(
          (h) => h.startsWith('x-amz-checksum') || h === 'x-amz-sdk-checksum-algorithm',
        ),
      ).toEqual([]);
    }
  });

  it('writes a stream that fits in one part with a single PutObject', async () => {
    answer = multipartStore();
    const s3 = storage({ partSize: 1024 });
    expect(await s3.write('files/u1/one.bin', Readable.from([bytes(600), bytes(424)]))).toEqual({
      size: 1024,
    });
    s3.close();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /media/files/u1/one.bin']);
    expect(requests[0]?.body.equals(Buffer.concat([bytes(600), bytes(424)]))).toBe(true);
  });

  it('cuts a longer stream into parts of partSize, sent in order, then completes the upload', async () => {
    answer = multipartStore();
    const s3 = storage({ partSize: 1024 });
    const source = [bytes(700), bytes(700), bytes(700), bytes(400)];
    expect(await s3.write('files/u1/big.bin', Readable.from(source))).toEqual({ size: 2500 });
    s3.close();
    const parts = requests.filter((r) => r.query.has('partNumber'));
    expect(
      parts.map((r) => [r.query.get('partNumber'), r.query.get('uploadId'), r.body.length]),
    ).toEqual([
      ['1', 'up-1', 1024],
      ['2', 'up-1', 1024],
      ['3', 'up-1', 452],
    ]);
    expect(Buffer.concat(parts.map((r) => r.body)).equals(Buffer.concat(source))).toBe(true);
    const complete = requests.at(-1);
    expect(complete?.method).toBe('POST');
    const listed = [
      ...(complete?.body.toString() ?? '').matchAll(
        /<Part><ETag>(.*?)<\/ETag><PartNumber>(\d+)<\/PartNumber><\/Part>/g,
      ),
    ];
    expect(listed.map((m) => [m[2], m[1]?.replaceAll('&quot;', '"')])).toEqual([
      ['1', '"etag-1"'],
      ['2', '"etag-2"'],
      ['3', '"etag-3"'],
    ]);
  });

  it('aborts the multipart upload and stops reading the source when a part fails', async () => {
    answer = multipartStore(2);
    const s3 = storage({ partSize: 1024 });
    let produced = 0;
    const source = new Readable({
      read() {
        produced += 512;
        this.push(produced > 1024 * 1024 ? null : bytes(512));
      },
    });
    const error: unknown = await s3.write('files/u1/fail.bin', source).catch((e: unknown) => e);
    s3.close();
    expect(error).toBeInstanceOf(S3ServiceException);
    expect((error as S3ServiceException).name).toBe('AccessDenied');
    expect(
      requests.map(
        (r) =>
          `${r.method} ${r.query.has('uploads') ? 'create' : (r.query.get('partNumber') ?? (r.method === 'DELETE' ? 'abort' : 'complete'))}`,
      ),
    ).toEqual(['POST create', 'PUT 1', 'PUT 2', 'DELETE abort']);
    expect(requests.at(-1)?.query.get('uploadId')).toBe('up-1');
    expect(source.destroyed).toBe(true);
    // Read no further than the stream's own buffer ahead of the failed part.
    expect(produced).toBeLessThan(256 * 1024);
  });
});

describe('S3 storage: reads', () => {
  it('asks for the range and hands back the bytes as they come', async () => {
    answer = () => ({ status: 206, headers: { 'content-range': 'bytes 3-5/10' }, body: 'def' });
    const s3 = storage();
    expect((await readAll(await s3.read('files/u1/r.bin', { start: 3, end: 5 }))).toString()).toBe(
      'def',
    );
    s3.close();
    expect(requests[0]?.headers.range).toBe('bytes=3-5');
  });

  it('cuts the body to the range when the server sends more than asked', async () => {
    const s3 = storage();
    // A server that ignores Range: 200 and the whole object.
    answer = () => ({ body: 'abcdefghij' });
    expect((await readAll(await s3.read('files/u1/r.bin', { start: 3, end: 5 }))).toString()).toBe(
      'def',
    );
    // s3rver's answer to `bytes=0-0`: 206 with the whole object.
    answer = () => ({
      status: 206,
      headers: { 'content-range': 'bytes 0-9/10' },
      body: 'abcdefghij',
    });
    expect((await readAll(await s3.read('files/u1/r.bin', { start: 0, end: 0 }))).toString()).toBe(
      'a',
    );
    s3.close();
  });

  it('reports a missing key as ENOENT on read and undefined on size, but passes other failures on', async () => {
    const s3 = storage();
    answer = () => s3Error(404, 'NoSuchKey');
    await expect(s3.read('files/u1/none.bin')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(s3.readText('files/u1/none.bin')).rejects.toMatchObject({ code: 'ENOENT' });
    answer = () => ({ status: 404 });
    expect(await s3.size('files/u1/none.bin')).toBeUndefined();
    expect(await s3.exists('files/u1/none.bin')).toBe(false);
    // A bucket that is gone is not a missing file.
    answer = () => s3Error(404, 'NoSuchBucket');
    await expect(s3.read('files/u1/none.bin')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    // An outage is not "no such file" (that would turn into a 404 for the user and a re-download).
    answer = () => s3Error(500, 'InternalError');
    await expect(s3.size('files/u1/none.bin')).rejects.toBeInstanceOf(S3ServiceException);
    s3.close();
  });
});

describe('S3 storage: keys', () => {
  it('refuses unsafe keys without sending a request', async () => {
    const s3 = storage();
    for (const key of ['../x', 'a//b', '/etc/passwd', 'results/.hidden', '']) {
      await expect(s3.write(key, 'x')).rejects.toBeInstanceOf(StorageKeyError);
      await expect(s3.read(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(s3.readText(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(s3.size(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(s3.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(s3.remove(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    s3.close();
    expect(requests).toEqual([]);
  });
});
