import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { findResultItems, type ResultItemRow } from '@scrapper/db/queries/result-items';
import { scanResultItems } from '@scrapper/db/result-file/scan-items';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { forEachLimited } from '@scrapper/integrations/storage/storage';
import { notFound } from '../../lib/errors.ts';
import { rawOfLegacyElement } from '@scrapper/db/result-file/ensure-index';
import type { OpenedResultFile } from './open-result-file.ts';

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** One raw record by its byte range: one ranged read of the file, never the whole of it. */
async function readRawByRange(storage: Storage, path: string, start: number, length: number): Promise<unknown> {
  const bytes = await readAll(await storage.read(path, { start, end: start + length - 1 }));
  return JSON.parse(bytes.toString('utf8'));
}

/**
 * The raw records of an old-shape file's items (no byte ranges): the file streamed once up to
 * the last position asked for, one element in memory at a time.
 */
async function readLegacyRaws(storage: Storage, path: string, positions: ReadonlySet<number>): Promise<Map<number, unknown>> {
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

/**
 * The items of an opened file with these ids, in the order asked, each with its raw record
 * (one ranged read per item, a few at a time); ids the file does not list are left out.
 */
export async function readResultItems(database: Database, storage: Storage, file: OpenedResultFile, itemIds: readonly string[]): Promise<VideoItem[]> {
  const rows = await findResultItems(database.sql, file.task.id, [...new Set(itemIds)]);
  const raws = new Map<number, unknown>();
  const legacy = rows.filter((r) => r.rawStart === null || r.rawLength === null);
  try {
    if (legacy.length > 0) {
      for (const [position, raw] of await readLegacyRaws(storage, file.task.resultPath, new Set(legacy.map((r) => r.position)))) raws.set(position, raw);
    }
    await forEachLimited(
      rows.filter((r) => r.rawStart !== null && r.rawLength !== null),
      8,
      async (row) => void raws.set(row.position, await readRawByRange(storage, file.task.resultPath, row.rawStart ?? 0, row.rawLength ?? 0)),
    );
  } catch (error) {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT') throw notFound('File hasil tidak ditemukan.');
    throw error;
  }
  const byId = new Map(rows.map((row) => [row.itemId, videoItemOf(file.platform, row, raws.get(row.position) ?? null)]));
  return itemIds.flatMap((id) => byId.get(id) ?? []);
}

/** One item with its raw record, or a 404 when the file does not list it. */
export async function readResultItem(database: Database, storage: Storage, file: OpenedResultFile, itemId: string): Promise<VideoItem> {
  const [item] = await readResultItems(database, storage, file, [itemId]);
  if (!item) throw notFound('Item tidak ditemukan di file hasil.');
  return item;
}
