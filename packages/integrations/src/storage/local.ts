import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StorageKeyError, type Storage } from './storage.ts';

/** Files under one root folder (DATA_DIR/storage by default). */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);

  function pathOf(key: string): string {
    assertSafeKey(key);
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep))
      throw new StorageKeyError(`storage key escapes the root: ${key}`);
    return full;
  }

  return {
    async write(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        if (typeof body === 'string' || Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body, createWriteStream(temp));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async read(key, range) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path, {
        highWaterMark: 256 * 1024,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },
    async size(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? info.size : undefined;
      } catch (error) {
        if (error instanceof StorageKeyError) throw error;
        return undefined;
      }
    },
    async readText(key) {
      return readFile(pathOf(key), 'utf8');
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (error instanceof StorageKeyError) throw error;
        return false;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
