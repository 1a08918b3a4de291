// Consumers compile this file from its source (apps' tsconfigs do not include testkit's .d.ts).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

export interface S3Server {
  /** `http://127.0.0.1:<port>`; clients must use path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver knows one key pair, S3RVER/S3RVER; it checks the key id, not V4 signatures. */
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps its buckets in (removed by `close`). */
  directory: string;
  /** HTTP requests received so far, answered or not. */
  requestCount(): number;
  /** Multipart uploads started and neither completed nor aborted. */
  multipartUploads(): Promise<{ key: string; uploadId: string }[]>;
  /**
   * A store running out of room: from now on object and part PUTs take from `bytes`, and one
   * that does not fit is answered as MinIO answers below its free-drive threshold (507
   * XMinioStorageFull) and stores nothing. Deletes give nothing back; `undefined`: unlimited.
   */
  setFreeBytes(bytes: number | undefined): void;
  /** PUTs refused for want of room so far. */
  refusedForSpace(): number;
  close(): Promise<void>;
}

/**
 * s3rver (a real S3-compatible HTTP server from npm) on 127.0.0.1, a random port and a fresh
 * temporary folder, with one bucket. Two gaps of s3rver 3.7 against S3 are filled here,
 * because the storage driver relies on them: PutObject (and so CompleteMultipartUpload)
 * replaces the object atomically instead of rewriting its file in place, and
 * AbortMultipartUpload works (s3rver answers MethodNotAllowed). s3rver has no
 * ListMultipartUploads either; `multipartUploads()` reads its upload folders instead.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'scrapper-test';
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const store = s3rver.store;

  store.putObject = async (object) => {
    const target = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      const source = Buffer.isBuffer(object.content)
        ? Readable.from([object.content])
        : object.content;
      await pipeline(source, count, createWriteStream(temp));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };

  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const uploadsDir = (name: string) => store.getResourcePath(name, undefined, 'uploads');
  let requests = 0;
  let freeBytes: number | undefined;
  let refused = 0;
  const server = createServer((req, res) => {
    requests++;
    if (freeBytes !== undefined && req.method === 'PUT' && req.headers['x-amz-copy-source'] === undefined) {
      const length = Number(req.headers['content-length']);
      if (!(length <= freeBytes)) {
        refused++;
        // Read the body first: answering mid-upload would look like a network error instead.
        req.resume();
        req.once('end', () =>
          sendError(res, 507, 'XMinioStorageFull', 'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.'),
        );
        return;
      }
      freeBytes -= length;
    }
    answerMultipartGaps(req, res, uploadsDir)
      .then((answered) => {
        if (!answered) handle(req, res);
      })
      .catch((error: unknown) => sendError(res, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolvePromise());
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    requestCount: () => requests,
    setFreeBytes(bytes) {
      freeBytes = bytes;
    },
    refusedForSpace: () => refused,
    async multipartUploads() {
      const dir = uploadsDir(bucket);
      const ids = await readdir(dir).catch(() => []);
      return Promise.all(
        ids.map(async (uploadId) => ({
          uploadId,
          key: await readFile(join(dir, uploadId, 'key'), 'utf8'),
        })),
      );
    },
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
        // Clients keep connections alive, and a test may leave a download half-read.
        server.closeAllConnections();
        await closed;
        await rm(directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/** AbortMultipartUpload, on s3rver's own upload folders. */
async function answerMultipartGaps(
  req: IncomingMessage,
  res: ServerResponse,
  uploadsDir: (bucket: string) => string,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3');
  const [bucket, ...keyParts] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!bucket) return false;
  const uploadId = url.searchParams.get('uploadId');
  if (req.method === 'DELETE' && keyParts.length > 0 && uploadId !== null) {
    const dir = join(uploadsDir(bucket), uploadId);
    const key = /^[0-9a-f]{32}$/.test(uploadId)
      ? await readFile(join(dir, 'key'), 'utf8').catch(() => undefined)
      : undefined;
    if (key !== keyParts.join('/')) {
      sendError(res, 404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
      return true;
    }
    await rm(dir, { recursive: true, force: true });
    res.writeHead(204).end();
    return true;
  }
  return false;
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`);
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res
    .writeHead(status, {
      'content-type': 'application/xml',
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
}

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
