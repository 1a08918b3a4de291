import type { Readable } from 'node:stream';

/**
 * Where files and result JSON live. Keys are made by the server (`results/<owner>/<file>`),
 * never taken from a client; drivers still refuse keys that could leave their root.
 */
export interface Storage {
  /** Writes a stream to `key` atomically: readers never see a half-written file. */
  write(key: string, body: Readable | string | Buffer): Promise<{ size: number }>;
  /** The bytes of `key`, or of the inclusive byte range `start`..`end` of it. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Size in bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  readText(key: string): Promise<string>;
  exists(key: string): Promise<boolean>;
  /**
   * Which of `keys` are files now, in one pass: each distinct folder (`a/b/` of `a/b/c.mp4`)
   * is read once (local: readdir; S3: ListObjectsV2 over the prefix, paged) instead of one
   * look-up per key. No caching: a file removed a moment ago is missing. Every key is checked
   * by assertSafeKey before any I/O.
   */
  existing(keys: readonly string[]): Promise<Set<string>>;
  remove(key: string): Promise<void>;
  /**
   * Removes `folder` and everything in it, however deep (S3: every key under `folder/`); a
   * folder that does not exist is already gone. `folder` is checked like a key.
   */
  removeFolder(folder: string): Promise<void>;
}

export class StorageKeyError extends Error {}

export const STORAGE_FULL_MESSAGE =
  'Penyimpanan penuh: file tidak dapat disimpan. Kosongkan ruang penyimpanan atau minta admin menambah kapasitasnya, lalu coba lagi.';

/**
 * The store has no room for a write (a full disk or quota; an S3 store out of space). Its
 * message is the member's: jobs put it on the row as it is. Whatever was half-written is gone
 * by the time it is thrown. Space can come back, so jobs retry it like other trouble of ours.
 */
export class StorageFullError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(STORAGE_FULL_MESSAGE, options);
    this.name = 'StorageFullError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key is slash-separated plain segments: no `..`, no empty or hidden segments. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (segments.length === 0 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new StorageKeyError(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** The keys grouped by their folder (`a/b` of `a/b/c`; `''` for a key without one), deduplicated. */
export function keysByFolder(keys: readonly string[]): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const key of keys) {
    const slash = key.lastIndexOf('/');
    const folder = slash < 0 ? '' : key.slice(0, slash);
    let names = folders.get(folder);
    if (!names) folders.set(folder, (names = new Set()));
    names.add(key.slice(slash + 1));
  }
  return folders;
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
