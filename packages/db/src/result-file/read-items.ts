// Video items of an indexed result file: the index row's mapped fields (result_items, made with
// the actor's current mapping: what the downloader lists) and, where asked, the item's raw
// record read from the stored file by its byte range. The API's downloader and the automation
// job's filter read items this way.
import type { Readable } from 'node:stream';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { ResultItemRow } from '../queries/result-items.ts';
import { rawOfLegacyElement } from './ensure-index.ts';
import { scanResultItems } from './scan-items.ts';

/** What reading raw records needs of the store: the file's bytes, whole or a byte range (the storage adapter fits). */
export interface RangedFileReader {
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
}

/** Ranged reads at once per call: a few, so a long list does not open every range together. */
const READS_AT_ONCE = 8;

/** The index row's mapped fields (made with the current mapping), as the item lists show them. */
export function mappedItemOf(platform: string, row: ResultItemRow): Omit<VideoItem, 'raw'> {
  const item: Omit<VideoItem, 'raw'> = {
    id: row.itemId,
    platform,
    url: row.url,
    duration: row.duration,
    title: row.title,
    author: row.author,
    play_count: row.playCount,
    like_count: row.likeCount,
    thumbnail: row.thumbnail,
  };
  if (row.width !== null && row.height !== null) Object.assign(item, { width: row.width, height: row.height });
  return item;
}

/** The full video item: the index row's mapped fields and its raw record. */
export function videoItemOf(platform: string, row: ResultItemRow, raw: unknown): VideoItem {
  return { ...mappedItemOf(platform, row), raw };
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** One raw record by its byte range: one ranged read of the file, never the whole of it. */
async function readRawByRange(storage: RangedFileReader, path: string, start: number, length: number): Promise<unknown> {
  const bytes = await readAll(await storage.read(path, { start, end: start + length - 1 }));
  return JSON.parse(bytes.toString('utf8'));
}

/**
 * The raw records of an old-shape file's items (no byte ranges): the file streamed once up to
 * the last position asked for, one element in memory at a time.
 */
async function readLegacyRaws(storage: RangedFileReader, path: string, positions: ReadonlySet<number>): Promise<Map<number, unknown>> {
  const found = new Map<number, unknown>();
  const last = Math.max(...positions);
  const stream = await storage.read(path);
  try {
    for await (const element of scanResultItems(stream)) {
      if (positions.has(element.position)) found.set(element.position, rawOfLegacyElement(JSON.parse(element.json)));
      if (element.position >= last) break;
    }
  } finally {
    stream.destroy();
  }
  return found;
}

/**
 * The raw records of these index rows by position: one ranged read per row (a few at a time),
 * and one pass over an old-shape file for rows without a range. A missing file throws the
 * store's error (ENOENT for the local disk).
 */
export async function readRawRecords(storage: RangedFileReader, path: string, rows: readonly ResultItemRow[]): Promise<Map<number, unknown>> {
  const raws = new Map<number, unknown>();
  const legacy = rows.filter((r) => r.rawStart === null || r.rawLength === null);
  if (legacy.length > 0) {
    for (const [position, raw] of await readLegacyRaws(storage, path, new Set(legacy.map((r) => r.position)))) raws.set(position, raw);
  }
  const ranged = rows.filter((r) => r.rawStart !== null && r.rawLength !== null);
  let next = 0;
  const reader = async () => {
    while (next < ranged.length) {
      const row = ranged[next++];
      if (row) raws.set(row.position, await readRawByRange(storage, path, row.rawStart ?? 0, row.rawLength ?? 0));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, ranged.length) }, reader));
  return raws;
}
