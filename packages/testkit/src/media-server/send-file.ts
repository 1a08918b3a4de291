import { open, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Throttle {
  chunkBytes: number;
  intervalMs: number;
}

interface ByteRange {
  start: number;
  /** Inclusive, as in Content-Range. */
  end: number;
}

/**
 * One `bytes=` range, or 'unsatisfiable' (416), or undefined to answer the whole file. Multiple
 * ranges are answered with the whole file, which RFC 9110 allows and no downloader minds.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    // A client gone before we listen: 'close' has fired already and would never come again,
    // leaving the send (and its file handle) waiting forever.
    if (res.destroyed || res.writableEnded) {
      resolve();
      return;
    }
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Answers GET/HEAD for a file with Range support (206/416), optionally trickling the body. */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  filePath: string,
  contentType: string,
  throttle?: Throttle,
): Promise<void> {
  const { size } = await stat(filePath);
  const range = parseRange(req.headers.range, size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', contentType);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  res.setHeader('Content-Length', String(end - start + 1));
  if (range) {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const file = await open(filePath, 'r');
  try {
    const chunkBytes = throttle?.chunkBytes ?? 64 * 1024;
    const buffer = Buffer.alloc(chunkBytes);
    let position = start;
    while (position <= end && !res.destroyed) {
      const { bytesRead } = await file.read(
        buffer,
        0,
        Math.min(chunkBytes, end - position + 1),
        position,
      );
      if (bytesRead === 0) break;
      position += bytesRead;
      const flushed = res.write(Buffer.from(buffer.subarray(0, bytesRead)));
      if (throttle) await sleep(throttle.intervalMs);
      else if (!flushed) await drained(res);
    }
    if (!res.destroyed) res.end();
  } finally {
    await file.close();
  }
}
