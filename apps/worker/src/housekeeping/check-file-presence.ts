import type { Db } from '@scrapper/db/client';
import { listLiveFilesAfter, markDownloadFilesMissing, markDownloadFilesPresent } from '@scrapper/db/queries/download-files';
import type { Storage } from '@scrapper/integrations/storage/storage';

/** Files looked up per storage call (one readdir per folder locally; a listing on S3). */
const BATCH = 1000;

export interface FilePresence {
  checked: number;
  /** Newly found gone (they show as "File hilang" from now on). */
  missing: number;
  /** Marked gone before and found back in storage. */
  restored: number;
}

/**
 * The files list reads "File hilang" from the database (downloads.file_missing_at) instead of
 * asking the storage for every row of a page. The sweep keeps that true for files removed
 * behind the product's back: it walks every kept file in id order and asks the storage about
 * each batch at once, marking what is gone and clearing what came back. Between sweeps a
 * removed file still lists as present until someone reads it (docs/decisions.md).
 */
export async function checkFilePresence(db: Db, storage: Storage): Promise<FilePresence> {
  const result: FilePresence = { checked: 0, missing: 0, restored: 0 };
  let after: string | null = null;
  for (;;) {
    const files = await listLiveFilesAfter(db, after, BATCH);
    if (files.length === 0) break;
    const present = await storage.existing(files.map((f) => f.storageKey));
    result.missing += await markDownloadFilesMissing(db, files.filter((f) => !f.missing && !present.has(f.storageKey)).map((f) => f.id));
    result.restored += await markDownloadFilesPresent(db, files.filter((f) => f.missing && present.has(f.storageKey)).map((f) => f.id));
    result.checked += files.length;
    after = files[files.length - 1]?.id ?? null;
    if (files.length < BATCH) break;
  }
  return result;
}
