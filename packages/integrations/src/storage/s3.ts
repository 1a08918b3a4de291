import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  type ListObjectsCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { assertSafeKey, forEachLimited, keysByFolder, StorageFullError, type Storage } from './storage.ts';

/** Where the objects live: AWS itself (no endpoint) or any S3-compatible store. */
export interface S3StorageConfig {
  /** e.g. `http://minio:9000`; undefined: AWS's own endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface S3StorageOptions {
  /** Bytes per multipart part. S3 wants at least 5 MiB for every part but the last. Default 8 MiB. */
  partSize?: number;
  /** Open connections per client. Every streaming download holds one for as long as it lasts. Default 256. */
  maxSockets?: number;
  /** Giving up on connecting. Default 10 s. */
  connectionTimeoutMs?: number;
  /**
   * A socket silent for this long fails its request. Long enough for a reader that pauses (a
   * media player's connection stalls when the user pauses; the player re-requests a Range when
   * it resumes), short enough that a dead store does not hang a job. Default 2 min.
   */
  socketTimeoutMs?: number;
  /** Attempts per request (the SDK retries throttling, 5xx and network errors). Default 3. */
  maxAttempts?: number;
}

export interface S3Storage extends Storage {
  /** Closes the client's kept-alive connections. */
  close(): void;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Up to this many files of one folder are asked for one by one; more, and the folder is listed. */
const HEAD_EACH_MAX = 64;

/**
 * Objects in one bucket of an S3-compatible store, keyed exactly as the local driver's paths
 * (`results/<owner>/<file>`). Streams both ways: a stream body is uploaded part by part, so
 * memory holds at most one part, and reads hand back the response body as it arrives.
 */
export function createS3Storage(
  config: S3StorageConfig,
  options: S3StorageOptions = {},
): S3Storage {
  const bucket = config.bucket;
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;
  const maxSockets = options.maxSockets ?? 256;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Recent SDKs add CRC32 checksums (and aws-chunked bodies) to every upload by default;
    // many S3-compatible stores reject or mis-store them. Only where the API demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.maxAttempts ?? 3,
    // NodeHttpHandler options, passed as a plain object: the SDK builds the handler from them.
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 10_000,
      socketTimeout: options.socketTimeoutMs ?? 120_000,
      httpAgent: { keepAlive: true, maxSockets },
      httpsAgent: { keepAlive: true, maxSockets },
    },
  });

  async function putObject(key: string, bytes: Buffer): Promise<void> {
    // A known length and a replayable body: one atomic PutObject that the SDK may retry.
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length }),
    );
  }

  async function writeStream(key: string, body: Readable): Promise<{ size: number }> {
    const parts = new PartReader(body, partSize);
    try {
      // Held in an object that uploadMultipart empties: a local would keep the first part alive.
      const current: { part?: Part } = { part: await parts.next() };
      if (current.part?.last) {
        const { bytes } = current.part;
        await putObject(key, bytes);
        return { size: bytes.length };
      }
      return await uploadMultipart(key, current, parts);
    } finally {
      // Stops reading (and destroys the source) when an upload failed half-way.
      await parts.close();
    }
  }

  /**
   * Uploads part after part. Only `current` holds a part, and it is emptied before the next
   * one is read: memory holds the part being read, not also the one already sent.
   */
  async function uploadMultipart(
    key: string,
    current: { part?: Part },
    parts: PartReader,
  ): Promise<{ size: number }> {
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error(`S3 started no multipart upload for ${key}`);
    try {
      const done: CompletedPart[] = [];
      let size = 0;
      while (current.part) {
        const number = done.length + 1;
        if (number > MAX_PARTS)
          throw new Error(`${key} is larger than ${MAX_PARTS} parts of ${partSize} bytes`);
        const last = current.part.last;
        size += current.part.bytes.length;
        done.push({ PartNumber: number, ETag: await uploadPart(key, uploadId, number, current) });
        if (!last) current.part = await parts.next();
      }
      // The object appears whole, at once, only here.
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: done },
        }),
      );
      return { size };
    } catch (error) {
      // Parts of an unfinished upload are stored (and billed) until aborted.
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async function uploadPart(
    key: string,
    uploadId: string,
    number: number,
    current: { part?: Part },
  ): Promise<string | undefined> {
    const bytes = current.part?.bytes ?? Buffer.alloc(0);
    current.part = undefined;
    const uploaded = await client.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: number,
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
    return uploaded.ETag;
  }

  /**
   * Every page of a listing under `prefix` (1,000 keys a page), handed to `onPage` in order.
   * ListObjects (v1, paged by Marker) rather than v2: every S3-compatible store has it, and
   * s3rver's v2 continuation tokens are DES-encrypted, which OpenSSL 3 (Node >= 17) refuses.
   */
  async function listPaged(prefix: string, delimiter: string | undefined, onPage: (page: ListObjectsCommandOutput) => void): Promise<void> {
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Delimiter: delimiter, Marker: marker }));
      onPage(page);
      if (!page.IsTruncated) return;
      // Without NextMarker (v1 gives it only with a delimiter), the page ended at its last key
      // or common prefix.
      const last = page.Contents?.at(-1)?.Key;
      const lastPrefix = page.CommonPrefixes?.at(-1)?.Prefix;
      const next = page.NextMarker ?? [last, lastPrefix].filter((k) => k !== undefined).sort().at(-1);
      if (next === undefined || (marker !== undefined && next <= marker)) {
        throw new Error(`S3 listing of ${prefix} did not advance past ${marker ?? 'its start'}`);
      }
      marker = next;
    }
  }

  async function headSize(key: string): Promise<number | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      if (head.ContentLength === undefined) throw new Error(`S3 sent no size for ${key}`);
      return head.ContentLength;
    } catch (error) {
      // A HEAD answer has no body, so a missing object is only a 404.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        return undefined;
      throw error;
    }
  }

  async function read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertSafeKey(key);
    let output;
    try {
      output = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey')
        throw notFoundError(key);
      throw error;
    }
    const body = output.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 sent no body for ${key}`);
    if (!range) return body;
    return exactRange(body, range, output.ContentRange, output.ContentLength);
  }

  async function write(key: string, body: Readable | string | Buffer): Promise<{ size: number }> {
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      await putObject(key, bytes);
      return { size: bytes.length };
    }
    return writeStream(key, body);
  }

  return {
    async write(key, body) {
      assertSafeKey(key);
      try {
        return await write(key, body);
      } catch (error) {
        // A multipart upload is aborted by now (uploadMultipart), so nothing half-made stays.
        throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
      }
    },
    read,
    async size(key) {
      assertSafeKey(key);
      return headSize(key);
    },
    async readText(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await read(key)) chunks.push(toBuffer(chunk));
      return Buffer.concat(chunks).toString('utf8');
    },
    async exists(key) {
      assertSafeKey(key);
      return (await headSize(key)) !== undefined;
    },
    async existing(keys) {
      for (const key of keys) assertSafeKey(key);
      const found = new Set<string>();
      const folders = [...keysByFolder(keys)];
      // One listing per folder (1,000 keys a page) instead of one HEAD per key. The delimiter
      // keeps deeper folders out: `a/` lists `a/b1` and `a/b10`, not `a/sub/...`.
      await forEachLimited(folders, 8, async ([folder, names]) => {
        const prefix = folder ? `${folder}/` : '';
        // A page of a large library (50 of a member's 100,000 files): a HEAD per file, 16 at a
        // time, costs less than listing the whole folder (a request per 1,000 keys).
        if (names.size <= HEAD_EACH_MAX) {
          await forEachLimited([...names], 16, async (name) => {
            if ((await headSize(prefix + name)) !== undefined) found.add(prefix + name);
          });
          return;
        }
        await listPaged(prefix, '/', (page) => {
          for (const object of page.Contents ?? []) {
            const key = object.Key;
            if (key !== undefined && key.startsWith(prefix) && names.has(key.slice(prefix.length))) found.add(key);
          }
        });
      });
      return found;
    },
    async remove(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success, like `rm -f`.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async removeFolder(folder) {
      assertSafeKey(folder);
      const keys: string[] = [];
      await listPaged(`${folder}/`, undefined, (page) => {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      });
      // One DeleteObject per key, 16 at a time: every S3-compatible store has it.
      await forEachLimited(keys, 16, async (key) => {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      });
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * The store is out of room: MinIO's XMinioStorageFull (507 Insufficient Storage, what it answers
 * below its free-drive threshold), any 507, and the quota errors of MinIO and Ceph RGW.
 */
const OUT_OF_SPACE_CODES = new Set(['XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'QuotaExceeded', 'InsufficientStorage']);

function isOutOfSpace(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 507 || OUT_OF_SPACE_CODES.has(error.name);
}

/** The error the local driver's fs calls throw for a missing file, so callers need one check. */
function notFoundError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such stored object: ${key}`), { code: 'ENOENT' });
}

interface Part {
  bytes: Buffer;
  /** No byte follows: a part is only sent as not-last once at least one more byte has arrived. */
  last: boolean;
}

/**
 * Cuts a stream into `partSize` parts as it arrives. A plain object rather than a generator so
 * that nothing keeps a sent part alive: memory holds the part being read (plus a chunk).
 */
class PartReader {
  readonly #chunks: AsyncIterator<unknown>;
  readonly #partSize: number;
  /** Bytes read past the end of the previous part. */
  #carry: Buffer | undefined;

  constructor(body: Readable, partSize: number) {
    this.#chunks = body[Symbol.asyncIterator]();
    this.#partSize = partSize;
  }

  async next(): Promise<Part> {
    const pending: Buffer[] = this.#carry ? [this.#carry] : [];
    let pendingBytes = this.#carry?.length ?? 0;
    this.#carry = undefined;
    while (pendingBytes <= this.#partSize) {
      const next = await this.#chunks.next();
      if (next.done) return { bytes: Buffer.concat(pending, pendingBytes), last: true };
      const bytes = toBuffer(next.value);
      pending.push(bytes);
      pendingBytes += bytes.length;
    }
    const extra = pendingBytes - this.#partSize;
    const tail = pending[pending.length - 1] ?? Buffer.alloc(0);
    // A view: it keeps one chunk alive, and a huge chunk is not copied over and over.
    this.#carry = tail.subarray(tail.length - extra);
    return { bytes: Buffer.concat(pending, this.#partSize), last: false };
  }

  /** Stops reading: destroys the stream unless it has ended. */
  async close(): Promise<void> {
    await this.#chunks.return?.();
  }
}

/**
 * The body cut to exactly the bytes asked for. S3 itself answers a Range exactly, but an
 * S3-compatible server may send more (the whole object with 200, or s3rver's `bytes=0-0` bug).
 */
function exactRange(
  body: Readable,
  range: { start: number; end: number },
  contentRange: string | undefined,
  contentLength: number | undefined,
): Readable {
  const match = contentRange ? /^bytes (\d+)-(\d+)\/(?:\d+|\*)$/.exec(contentRange) : null;
  const servedStart = match ? Number(match[1]) : 0;
  const servedLength = match ? Number(match[2]) - servedStart + 1 : contentLength;
  const skip = range.start - servedStart;
  const want = range.end - range.start + 1;
  if (skip < 0) {
    body.destroy();
    throw new Error(`S3 answered bytes from ${servedStart} for a range from ${range.start}`);
  }
  if (skip === 0 && servedLength !== undefined && servedLength <= want) return body;
  return Readable.from(sliceBytes(body, skip, want), { objectMode: false });
}

async function* sliceBytes(body: Readable, skip: number, want: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let left = want;
  // Leaving the loop early destroys the body, which frees its connection.
  for await (const chunk of body) {
    let bytes = toBuffer(chunk);
    if (toSkip >= bytes.length) {
      toSkip -= bytes.length;
      continue;
    }
    bytes = bytes.subarray(toSkip);
    toSkip = 0;
    if (bytes.length >= left) {
      yield bytes.subarray(0, left);
      return;
    }
    left -= bytes.length;
    yield bytes;
  }
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array)
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('storage streams carry bytes or strings');
}
