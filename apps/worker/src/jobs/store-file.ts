import { createReadStream } from 'node:fs';
import type { Storage } from '@scrapper/integrations/storage/storage';

/**
 * Stores the local file at `path` under `key`. Its read stream is closed whatever the store does:
 * a store that refuses before reading it (the local one when it cannot make the key's folder)
 * would leave the file open, deleted with its job folder or not, for the life of the process.
 */
export async function storeFile(
  storage: Storage,
  key: string,
  path: string,
): Promise<{ size: number }> {
  const body = createReadStream(path);
  try {
    return await storage.write(key, body);
  } finally {
    body.destroy();
  }
}
