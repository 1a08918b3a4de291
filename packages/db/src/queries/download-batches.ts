// Download batches: the downloads of one result file started together.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { downloadBatches, downloads, type DownloadBatchRow, type DownloadRow } from '../schema/downloads.ts';

export async function insertDownloadBatch(
  db: Db,
  values: Pick<DownloadBatchRow, 'ownerId' | 'resultFileName' | 'quality' | 'total'> & Partial<Pick<DownloadBatchRow, 'source'>>,
): Promise<DownloadBatchRow> {
  const [row] = await db.insert(downloadBatches).values(values).returning();
  if (!row) throw new Error('insert into download_batches returned no row');
  return row;
}

export async function findDownloadBatch(db: Db, id: string): Promise<DownloadBatchRow | undefined> {
  const [row] = await db.select().from(downloadBatches).where(eq(downloadBatches.id, id)).limit(1);
  return row;
}

/**
 * Holds the batch's row until the transaction ends, so the downloads of one batch that end at
 * the same moment take turns. `for no key update`: it does not hold up new downloads being
 * added to the batch (their foreign key takes a key-share lock).
 */
export async function lockDownloadBatch(db: Db, batchId: string): Promise<void> {
  await db.select({ id: downloadBatches.id }).from(downloadBatches).where(eq(downloadBatches.id, batchId)).for('no key update');
}

export async function listBatchDownloads(db: Db, batchId: string): Promise<DownloadRow[]> {
  return db.select().from(downloads).where(eq(downloads.batchId, batchId)).orderBy(asc(downloads.createdAt));
}

export async function setDownloadBatch(db: Db, id: string, batchId: string): Promise<void> {
  await db.update(downloads).set({ batchId }).where(and(eq(downloads.id, id), isNull(downloads.batchId)));
}


/** Cancels what is still queued or running in a batch; returns how many. */
export async function cancelBatchDownloads(db: Db, batchId: string): Promise<number> {
  const rows = await db
    .update(downloads)
    .set({ status: 'cancelled', error: 'Dibatalkan.', finishedAt: new Date() })
    .where(and(eq(downloads.batchId, batchId), inArray(downloads.status, ['queued', 'running'])))
    .returning({ id: downloads.id });
  return rows.length;
}
