import { randomBytes } from 'node:crypto';
import { createWriteStream, stat as statCallback } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  forEachLimited,
  keysByFolder,
  StorageFullError,
  StorageKeyError,
  type Storage,
} from './storage.ts';

/** Bytes per read: 256 KB serves a 500 MB file in about a second on loopback. */
const CHUNK_BYTES = 256 * 1024;
/** Buffers one response is sent from: one being read into while the other is on its way out. */
const RESPONSE_BUFFERS = 2;

/**
 * The bytes `start`..`end` (inclusive) of a file. Read as any Readable, each chunk is a fresh
 * buffer. Piped into an HTTP response (which is what serving a file does), it is sent from two
 * buffers that are reused, each once the socket has taken its bytes: a new buffer per chunk is
 * external memory that V8 only collects when some 64 MB of it has piled up, so serving a big
 * file would hold that much for nothing.
 */
class FileRangeStream extends Readable {
  readonly #opening: Promise<FileHandle>;
  #handle: FileHandle | undefined;
  #position: number;
  readonly #end: number;

  constructor(path: string, start: number, end: number) {
    super({ highWaterMark: CHUNK_BYTES });
    this.#position = start;
    this.#end = end;
    this.#opening = open(path, 'r');
    // Failures surface through _construct (and the stream's 'error'), not as unhandled ones.
    this.#opening.catch(() => undefined);
  }

  override _construct(callback: (error?: Error | null) => void): void {
    this.#opening.then(
      (handle) => {
        this.#handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _read(): void {
    void this.#readChunk(Buffer.allocUnsafe(this.#nextLength())).then(
      (chunk) => this.push(chunk),
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#opening
      .then(
        (handle) => handle.close(),
        () => undefined,
      )
      .then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    // Reusing a buffer is only safe when the write callback means the bytes have left it: true
    // of an HTTP response (the socket hands them to the kernel), not of any Writable.
    if (!(destination instanceof ServerResponse)) return super.pipe(destination, options);
    this.#sendTo(destination, options?.end !== false).catch((error: unknown) =>
      this.destroy(error as Error),
    );
    return destination;
  }

  #nextLength(): number {
    return Math.max(0, Math.min(CHUNK_BYTES, this.#end - this.#position + 1));
  }

  /** The next bytes into `buffer`; null at the end of the range. */
  async #readChunk(buffer: Buffer): Promise<Buffer | null> {
    if (buffer.length === 0) return null;
    const handle = this.#handle ?? (await this.#opening);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.#position);
    if (bytesRead === 0) throw new Error('the file ended before the range did');
    this.#position += bytesRead;
    return buffer.subarray(0, bytesRead);
  }

  async #sendTo(response: Writable, end: boolean): Promise<void> {
    const length = this.#nextLength();
    // The two buffers are the backpressure too: no more than them is ever on its way out.
    const free = Array.from({ length: RESPONSE_BUFFERS }, () => Buffer.allocUnsafeSlow(length));
    let wake: (() => void) | undefined;
    const wakeUp = () => {
      wake?.();
      wake = undefined;
    };
    const gone = () => response.destroyed || this.destroyed;
    response.on('close', wakeUp);
    try {
      while (!gone()) {
        const buffer = free.pop();
        if (buffer === undefined) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        const chunk = await this.#readChunk(buffer.subarray(0, this.#nextLength()));
        if (chunk === null || gone()) break;
        response.write(chunk, () => {
          free.push(buffer);
          wakeUp();
        });
      }
    } finally {
      response.removeListener('close', wakeUp);
    }
    // The response went away: nothing else will read this, so the file is closed now.
    if (gone()) {
      this.destroy();
      return;
    }
    if (end) response.end();
    // Ends this stream as if it had been read, so whoever waits for 'end' (Fastify) sees it.
    this.push(null);
    this.resume();
  }
}

/** A full disk (ENOSPC) or a used-up disk quota (EDQUOT). */
function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * Whether `path` is a file (following a link), never throwing. The callback form, because a
 * page of the file manager asks this 50 times per request: fs/promises' stat costs about twice
 * the CPU (a promise and a rejected-error object per missing file; measured with 50 files,
 * 1.1 ms against 0.6 ms of CPU a page), the files list's largest cost after the SQL (issue 16).
 */
function isFile(path: string): Promise<boolean> {
  return new Promise((done) => {
    statCallback(path, (error, stats) => done(!error && stats.isFile()));
  });
}

/** Up to this many files of one folder are looked at one by one; more, and the folder is listed once. */
const STAT_EACH_MAX = 64;

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
      await mkdir(dirname(target), { recursive: true }).catch((error: unknown) => {
        throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
      });
      const temp = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        if (typeof body === 'string' || Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body, createWriteStream(temp));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
      }
      return { size: (await stat(target)).size };
    },
    async read(key, range) {
      const path = pathOf(key);
      const { size } = await stat(path);
      return new FileRangeStream(path, range?.start ?? 0, range?.end ?? size - 1);
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
    async existing(keys) {
      // Every key is checked before the first readdir; its checked path is the one stat() reads.
      const paths = new Map(keys.map((key) => [key, pathOf(key)]));
      const found = new Set<string>();
      const folders = [...keysByFolder(keys)];
      await forEachLimited(folders, 8, async ([folder, names]) => {
        const dir = folder ? join(base, folder) : base;
        const prefix = folder ? `${folder}/` : '';
        // A page of a large library (50 of a member's 100,000 files): a stat per file costs less
        // than listing the whole folder. stat() follows a link, as size() and exists() do.
        if (names.size <= STAT_EACH_MAX) {
          await Promise.all(
            [...names].map(async (name) => {
              const key = prefix + name;
              if (await isFile(paths.get(key) ?? join(dir, name))) found.add(key);
            }),
          );
          return;
        }
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return; // no such folder (or unreadable): none of its files are there, as size() says
        }
        await Promise.all(
          entries.map(async (entry) => {
            if (!names.has(entry.name)) return;
            // A symbolic link counts when it leads to a file, as stat() in size() and exists() sees it.
            if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(join(dir, entry.name)))))
              found.add(prefix + entry.name);
          }),
        );
      });
      return found;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removeFolder(folder) {
      await rm(pathOf(folder), { recursive: true, force: true });
    },
  };
}
