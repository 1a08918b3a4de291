import type { Db } from '@scrapper/db/client';
import { listDeletedAccountsWithFiles, markAccountFilesRemoved } from '@scrapper/db/queries/users';
import type { Storage } from '@scrapper/integrations/storage/storage';

/** The storage folders kept per member: `<folder>/<user id>/...` (downloads, scrape results, upload sources, publish copies). */
export const MEMBER_FOLDERS = ['downloads', 'results', 'uploads', 'publish'] as const;

/** Deleted accounts handled per sweep (the next sweep takes the rest). */
const PER_SWEEP = 100;

/**
 * Deleting an account (Manajemen Pengguna's "Hapus", or a deletion request's one-step removal)
 * removes its rows and records the deletion in one transaction; its files go here, at the next
 * sweep: every member folder of the account, with everything in it, then the record says so.
 * Only a recorded deletion removes anything: storage that merely lacks an account (a database
 * restored from an older backup) is never swept. Removal is idempotent, so a sweep that dies
 * halfway is simply done again.
 */
export async function removeDeletedAccountsFiles(db: Db, storage: Storage): Promise<{ accounts: number }> {
  const pending = await listDeletedAccountsWithFiles(db, PER_SWEEP);
  for (const userId of pending) {
    for (const folder of MEMBER_FOLDERS) await storage.removeFolder(`${folder}/${userId}`);
    await markAccountFilesRemoved(db, userId);
  }
  return { accounts: pending.length };
}
