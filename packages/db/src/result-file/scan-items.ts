import type { Readable } from 'node:stream';

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const HEAD = Buffer.from('{"items":[');

export class ResultFileShapeError extends Error {}

/** One element of a result file's `items` array: its place, its byte range and its JSON text. */
export interface ScannedItem {
  position: number;
  start: number;
  length: number;
  json: string;
}

/**
 * The elements of a stored result file's `items` array, one at a time, read from a stream of
 * the file: memory holds one element, never the file. Works for both shapes (raw items, or the
 * old mapped items carrying `raw`): both begin with `{"items":[`, as the writers made them.
 */
export async function* scanResultItems(stream: Readable): AsyncGenerator<ScannedItem> {
  let offset = 0;
  let headSeen = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let done = false;
  let position = 0;
  let itemStart = -1;
  let pieces: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (done) break;
    let i = 0;
    while (headSeen < HEAD.length && i < chunk.length) {
      if (chunk[i] !== HEAD[headSeen]) throw new ResultFileShapeError('file hasil tidak diawali {"items":[');
      headSeen++;
      i++;
    }
    let pieceFrom = itemStart >= 0 ? i : -1;
    for (; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
        if (itemStart >= 0) {
          pieces.push(chunk.subarray(pieceFrom, i));
          const text = Buffer.concat(pieces).toString('utf8').trim();
          const start = itemStart;
          pieces = [];
          itemStart = -1;
          pieceFrom = -1;
          if (text !== '') yield { position: position++, start, length: offset + i - start, json: text };
        }
        if (byte === CLOSE_BRACKET) {
          done = true;
          break;
        }
        continue;
      }
      if (itemStart < 0) {
        if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
        itemStart = offset + i;
        pieceFrom = i;
      }
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
    }
    if (!done && itemStart >= 0 && pieceFrom >= 0) pieces.push(Buffer.from(chunk.subarray(pieceFrom)));
    offset += chunk.length;
  }
  if (!done) throw new ResultFileShapeError('file hasil terpotong: daftar items tidak ditutup');
}
