import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { findResultItems } from '@scrapper/db/queries/result-items';
import { readRawRecords, videoItemOf } from '@scrapper/db/result-file/read-items';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { notFound } from '../../lib/errors.ts';
import type { OpenedResultFile } from './open-result-file.ts';

/**
 * The items of an opened file with these ids, in the order asked, each with its raw record
 * (one ranged read per item, a few at a time); ids the file does not list are left out.
 */
export async function readResultItems(database: Database, storage: Storage, file: OpenedResultFile, itemIds: readonly string[]): Promise<VideoItem[]> {
  const rows = await findResultItems(database.sql, file.task.id, [...new Set(itemIds)]);
  let raws: Map<number, unknown>;
  try {
    raws = await readRawRecords(storage, file.task.resultPath, rows);
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
