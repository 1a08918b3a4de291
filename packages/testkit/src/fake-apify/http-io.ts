import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

const decoders: Record<string, (buffer: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

export class BadRequestError extends Error {
  readonly status: number;
  readonly type: string;

  constructor(status: number, type: string, message: string) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

export interface RequestBody {
  /** Bytes on the wire (compressed when the client compressed). */
  wireBytes: number;
  /** Bytes after decompression. */
  bytes: number;
  /** JSON bodies parsed; other content types as text; undefined when empty. */
  value: unknown;
}

/** Reads, decompresses (apify-client brotli- or gzip-compresses bodies of 1 KB or more) and parses. */
export async function readRequestBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let wireBytes = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    wireBytes += buffer.length;
    if (wireBytes > maxBytes) {
      throw new BadRequestError(413, 'request-too-large', 'The request body is too large');
    }
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  let decoded: Buffer = raw;
  if (encoding && encoding !== 'identity') {
    const decode = decoders[encoding];
    if (!decode) {
      throw new BadRequestError(415, 'unsupported-content-encoding', `Unsupported ${encoding}`);
    }
    try {
      decoded = await decode(raw);
    } catch {
      throw new BadRequestError(400, 'invalid-body', `The body is not valid ${encoding} data`);
    }
    if (decoded.length > maxBytes) {
      throw new BadRequestError(413, 'request-too-large', 'The request body is too large');
    }
  }
  if (decoded.length === 0) return { wireBytes, bytes: 0, value: undefined };
  const text = decoded.toString('utf8');
  const contentType = req.headers['content-type'] ?? 'application/json';
  if (!/^application\/json/i.test(contentType))
    return { wireBytes, bytes: decoded.length, value: text };
  try {
    return { wireBytes, bytes: decoded.length, value: JSON.parse(text) as unknown };
  } catch {
    throw new BadRequestError(400, 'invalid-input', 'The input is not valid JSON');
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Apify's error body: `{"error":{"type","message"}}`. */
export function sendApifyError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { type, message } }, headers);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * A JSON array written as it is produced, a batch at a time: a huge page never exists as one
 * array or one string in the fake.
 */
export async function streamJsonArray(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  items: Iterable<unknown>,
): Promise<void> {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  let batch = '[';
  let first = true;
  let inBatch = 0;
  for (const item of items) {
    batch += (first ? '' : ',') + JSON.stringify(item);
    first = false;
    inBatch += 1;
    if (inBatch < 500) continue;
    if (!(await write(res, batch))) return;
    batch = '';
    inBatch = 0;
  }
  res.end(`${batch}]`);
}

/** False when the client went away. */
async function write(res: ServerResponse, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}
