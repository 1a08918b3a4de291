import type { Db } from '@scrapper/db/client';
import { deletePreviewIfExpired, listExpiredPreviews } from '@scrapper/db/queries/housekeeping';
import type { Storage } from '@scrapper/integrations/storage/storage';

/** Previews removed per query, and at most per run (the next run, 15 minutes on, goes on). */
const BATCH = 100;
const MAX_PER_RUN = 2000;

export interface PreviewsRemoved {
  removed: number;
  bytes: number;
}

/**
 * Removes preview clips finished before `before`: the file in storage, then the row. In that
 * order, so a failure leaves the row to try again next time, never a file no row points at.
 * A member who asks for the same preview later gets a new one made. Queued and running
 * previews are never touched.
 */
export async function removeExpiredPreviews(db: Db, storage: Storage, before: Date): Promise<PreviewsRemoved> {
  const result: PreviewsRemoved = { removed: 0, bytes: 0 };
  for (let round = 0; round < MAX_PER_RUN / BATCH; round += 1) {
    const expired = await listExpiredPreviews(db, before, BATCH);
    for (const preview of expired) {
      let bytes = 0;
      if (preview.storageKey) {
        bytes = preview.sizeBytes ?? (await storage.size(preview.storageKey)) ?? 0;
        await storage.remove(preview.storageKey);
      }
      if (await deletePreviewIfExpired(db, preview.id, before)) {
        result.removed += 1;
        result.bytes += bytes;
      }
    }
    if (expired.length < BATCH) break;
  }
  return result;
}
