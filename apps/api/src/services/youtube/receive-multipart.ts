// Streams a multipart form: text fields are collected, each known file is checked by its first
// bytes and its size while it streams to a sink (storage or a temp folder). Nothing is kept on
// failure: every file written so far is discarded before the error goes out.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { formatBytes } from '@scrapper/contracts/http/files';
import { AppError, badRequest } from '../../lib/errors.ts';
import { SNIFF_BYTES } from './sniff-media.ts';

export interface FileRule {
  /** How the message names the file: "File video". */
  label: string;
  maxBytes: number;
  /** The browser's Content-Type is a first filter; the bytes decide. */
  acceptsMime(mime: string): boolean;
  sniff(head: Buffer): { ext: string; mime: string } | undefined;
  typeMessage: string;
}

export interface ReceivedFile {
  ext: string;
  mime: string;
  size: number;
  /** The client's file name, cleaned, as metadata only: it never becomes a path. */
  clientName: string | null;
  /** Where the sink put it (a storage key or a path). */
  target: string;
}

export interface FileSink {
  write(field: string, ext: string, body: Readable): Promise<{ target: string }>;
  discard(targets: string[]): Promise<void>;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
}

const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 64 * 1024;

// The request body may still be arriving when we refuse a file: close the connection after
// the answer instead of reading (and throwing away) the rest of a large upload.
const refuse = (status: number, message: string) => new AppError(status, message, { connection: 'close' });

/** A client file name without folders or control characters, for display only. */
export function cleanFileName(name: string | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>"]/g, '').trim().slice(0, 200);
  return clean === '' ? null : clean;
}

function multipartFailure(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return refuse(413, 'Formulir memuat terlalu banyak bagian.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse(413, 'File terlalu besar.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('Formulir berisi field yang tidak valid.');
    // A body that ends inside a file part (no closing boundary): the file stream is cut short.
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return badRequest('Formulir multipart rusak atau terputus.');
    default:
      if (error instanceof Error && /multipart|terminated early|Unexpected end|Malformed/i.test(error.message)) {
        return badRequest('Formulir multipart rusak atau terputus.');
      }
      return undefined;
  }
}

async function readHead(iterator: AsyncIterator<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(chunks);
}

async function receiveFile(part: MultipartFile, rule: FileRule, sink: FileSink): Promise<ReceivedFile> {
  if (!rule.acceptsMime(part.mimetype.toLowerCase())) throw refuse(400, rule.typeMessage);
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await readHead(iterator);
  const kind = rule.sniff(head.subarray(0, SNIFF_BYTES));
  if (!kind) throw refuse(400, rule.typeMessage);
  const tooLarge = () => refuse(413, `${rule.label} terlalu besar (maksimal ${formatBytes(rule.maxBytes)}).`);
  let size = head.length;
  if (size > rule.maxBytes) throw tooLarge();
  const body = Readable.from(
    (async function* () {
      if (head.length > 0) yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        size += next.value.length;
        if (size > rule.maxBytes) throw tooLarge();
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
  const { target } = await sink.write(part.fieldname, kind.ext, body);
  return { ext: kind.ext, mime: kind.mime, size, clientName: cleanFileName(part.filename), target };
}

export async function receiveMultipart(request: FastifyRequest, rules: Record<string, FileRule>, sink: FileSink): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new AppError(415, 'Kirim formulir sebagai multipart/form-data.');
  const form: ReceivedForm = { fields: {}, files: {} };
  const ruleNames = Object.keys(rules);
  const largest = Math.max(0, ...ruleNames.map((name) => rules[name]?.maxBytes ?? 0));
  try {
    const parts = request.parts({
      limits: {
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        files: ruleNames.length,
        parts: MAX_FIELDS + ruleNames.length,
        // Our own count stops a file first, with a message naming it; busboy's is the backstop.
        fileSize: largest + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`Field ${part.fieldname.slice(0, 50)} terlalu panjang.`);
        if (!(part.fieldname in form.fields) && typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) throw refuse(400, `Field file tidak dikenal: ${part.fieldname.slice(0, 50)}.`);
      if (form.files[part.fieldname]) throw refuse(400, `Hanya satu ${rule.label.toLowerCase()} yang boleh dikirim.`);
      form.files[part.fieldname] = await receiveFile(part, rule, sink);
    }
    return form;
  } catch (error) {
    await sink.discard(Object.values(form.files).map((f) => f.target));
    if (request.raw.readableAborted) throw badRequest('Unggahan terputus sebelum selesai.');
    throw multipartFailure(error) ?? error;
  }
}
