/** A malformed body: the fake answers 400 with this message. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

export interface MultipartHandlers {
  /** A part begins; header names are lower-cased. */
  onPart(index: number, headers: Record<string, string>): void;
  /** Bytes of the current part. A view into the parser's buffer: copy it to keep it. */
  onData(index: number, chunk: Buffer): void;
  onPartEnd(index: number): void;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

type State = 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done';

/**
 * Streams a `multipart/related` (or `/form-data`) body part by part without holding it: a
 * multi-gigabyte media part passes through in the chunks it arrived in, less a tail the length
 * of the delimiter held back in case the delimiter straddles two chunks. Returns the number of
 * parts; throws MultipartError when the body ends before the closing delimiter.
 */
export async function parseMultipart(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  boundary: string,
  handlers: MultipartHandlers,
): Promise<number> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = delimiter.length - 1;
  // A CRLF in front lets the first boundary, which has none, match the same delimiter.
  let buffer: Buffer = Buffer.from(CRLF);
  let state = 'preamble' as State;
  let index = -1;

  function step(): void {
    for (;;) {
      switch (state) {
        case 'preamble': {
          const found = findDelimiter(buffer, delimiter);
          if (found === 'more') return;
          if (found === undefined) {
            buffer = buffer.subarray(Math.max(0, buffer.length - keep));
            return;
          }
          buffer = buffer.subarray(found + delimiter.length);
          state = 'after-delimiter';
          continue;
        }
        case 'after-delimiter': {
          if (buffer.length < 2) return;
          if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
            state = 'done';
            return;
          }
          // RFC 2046 allows transport padding (spaces) between the boundary and its CRLF.
          const eol = buffer.indexOf(CRLF);
          if (eol === -1) {
            if (buffer.length > 1024) throw new MultipartError('A boundary line never ends');
            return;
          }
          buffer = buffer.subarray(eol + 2);
          state = 'headers';
          continue;
        }
        case 'headers': {
          if (buffer.length >= 2 && buffer.subarray(0, 2).equals(CRLF)) {
            buffer = buffer.subarray(2);
            startPart({});
            continue;
          }
          const end = buffer.indexOf(HEADER_END);
          if (end === -1) {
            if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('Part headers too long');
            return;
          }
          startPart(parseHeaders(buffer.subarray(0, end).toString('latin1')));
          buffer = buffer.subarray(end + HEADER_END.length);
          continue;
        }
        case 'body': {
          const found = findDelimiter(buffer, delimiter);
          if (found === undefined || found === 'more') {
            // Hand on all but what could be the start of a delimiter.
            const safe = found === 'more' ? buffer.lastIndexOf(delimiter) : buffer.length - keep;
            if (safe > 0) {
              handlers.onData(index, buffer.subarray(0, safe));
              buffer = buffer.subarray(safe);
            }
            return;
          }
          if (found > 0) handlers.onData(index, buffer.subarray(0, found));
          handlers.onPartEnd(index);
          buffer = buffer.subarray(found + delimiter.length);
          state = 'after-delimiter';
          continue;
        }
        case 'done':
          return;
      }
    }
  }

  function startPart(headers: Record<string, string>): void {
    index += 1;
    state = 'body';
    handlers.onPart(index, headers);
  }

  for await (const chunk of source) {
    if (state === 'done') continue; // the epilogue is read and ignored
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    buffer = buffer.length === 0 ? bytes : Buffer.concat([buffer, bytes]);
    step();
  }
  if (state !== 'done')
    throw new MultipartError('The multipart body ended before its last boundary');
  return index + 1;
}

/**
 * Where the next real delimiter starts: `\r\n--boundary` followed by `--`, CRLF or transport
 * padding (a boundary followed by anything else is body data); 'more' when the bytes after a
 * candidate have not arrived yet; undefined when there is none.
 */
function findDelimiter(buffer: Buffer, delimiter: Buffer): number | 'more' | undefined {
  let from = 0;
  for (;;) {
    const at = buffer.indexOf(delimiter, from);
    if (at === -1) return undefined;
    const next = at + delimiter.length;
    if (buffer.length < next + 2) return 'more';
    const a = buffer[next];
    const b = buffer[next + 1];
    if ((a === 0x2d && b === 0x2d) || (a === 0x0d && b === 0x0a) || a === 0x20 || a === 0x09) {
      return at;
    }
    from = at + 1;
  }
}

/** The boundary of a `multipart/*` content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /^multipart\/[\w.+-]+\s*;(?:.*;)?\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(
    contentType ?? '',
  );
  return match?.[1] ?? match?.[2];
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
