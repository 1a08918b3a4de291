import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { fileBaseName } from '@scrapper/contracts/rules/readable-file-name';
import { AppError, notFound } from './errors.ts';

/**
 * A download name from a title: safe characters only, plus the RFC 5987 form for the rest. No
 * separators, control, bidi or Windows-reserved characters, and no leading dots or dashes: a title
 * like `../x`, `.bashrc` or `-rf` must not become a hidden file or an option in a shell.
 */
export function contentDisposition(title: string, ext: string): string {
  const base = fileBaseName(title);
  const ascii = base.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${base}.${ext}`)}`;
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined | 'invalid' {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'invalid';
  const [, from, to] = match;
  if (!from && !to) return 'invalid';
  let start: number;
  let end: number;
  if (!from) {
    // Suffix range: the last N bytes.
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Streams a stored file with HTTP Range support (video players seek with it). Memory stays
 * flat whatever the size: the file is piped, never read whole. `onMissing` runs when the
 * storage has no such file, before the 404.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: { key: string; mime: string; downloadName?: string; onMissing?: () => Promise<unknown> },
): Promise<FastifyReply> {
  const size = await storage.size(file.key);
  if (size === undefined) {
    // The caller records what it learnt (a download's file shows as "File hilang" from now on).
    await file.onMissing?.();
    throw notFound('File tidak ditemukan di penyimpanan.');
  }
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    throw new AppError(416, 'Rentang byte tidak valid.', { 'content-range': `bytes */${size}` });
  }
  // no-store: a member's media is not kept by a browser or a shared cache (issue 29 item 7).
  reply.header('accept-ranges', 'bytes').header('content-type', file.mime).header('cache-control', 'no-store');
  if (file.downloadName) reply.header('content-disposition', file.downloadName);
  if (!range) {
    reply.header('content-length', String(size));
    return reply.code(200).send(await storage.read(file.key));
  }
  reply
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', String(range.end - range.start + 1));
  return reply.code(206).send(await storage.read(file.key, range));
}
