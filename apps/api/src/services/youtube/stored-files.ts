import type { Storage } from '@scrapper/integrations/storage/storage';

/** Best effort: a file that is already gone is no error, and one failure does not stop the rest. */
export async function removeStoredFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.remove(key)));
}
