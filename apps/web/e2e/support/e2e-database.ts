// Straight SQL into the database of the running e2e product, for seeding what the UI cannot make
// quickly (thousands of finished downloads). The product runs on a fresh data directory under
// the system temp folder (support/start-server.ts), found by a user the run made.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The few postgres.js calls the seeding makes. */
export interface Sql {
  unsafe(query: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  end(options?: { timeout?: number }): Promise<void>;
}
type Connect = (url: string, options: Record<string, unknown>) => Sql;

// postgres.js is the database package's client: the web app does not depend on it, and its e2e
// seeding borrows it from there rather than declaring a second copy for tests.
const connect = createRequire(new URL('../../../../packages/db/package.json', import.meta.url))(
  'postgres',
) as Connect;

export interface E2eDatabase {
  sql: Sql;
  /** The product's DATA_DIR (its local storage is DATA_DIR/storage). */
  dataDir: string;
  /** Writes a file into the product's local storage under `key`. */
  writeStored(key: string, content: Buffer): void;
  close(): Promise<void>;
}

function candidates(): Array<{ dataDir: string; port: number; at: number }> {
  const root = tmpdir();
  return readdirSync(root)
    .filter((name) => name.startsWith('scrapper-e2e-'))
    .flatMap((name) => {
      const dataDir = join(root, name);
      const pidFile = join(dataDir, 'postgres', 'pgdata', 'postmaster.pid');
      if (!existsSync(pidFile)) return [];
      // postmaster.pid: pid, data directory, start time, port, ...
      const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
      return Number.isInteger(port) ? [{ dataDir, port, at: statSync(pidFile).mtimeMs }] : [];
    })
    .sort((a, b) => b.at - a.at);
}

/**
 * Connects to the running e2e product's database: the one (of the e2e data folders whose
 * PostgreSQL answers; crashed runs may leave some behind) that holds `userId`, a user this run
 * created through the product's API.
 */
export async function openE2eDatabase(userId: string): Promise<E2eDatabase> {
  for (const { dataDir, port } of candidates()) {
    const password = readFileSync(join(dataDir, 'postgres', 'postgres.password'), 'utf8').trim();
    const sql = connect(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/scrapper`, {
      max: 2,
      onnotice: () => {},
      connect_timeout: 5,
    });
    try {
      const found = await sql.unsafe('select 1 from users where id = $1', [userId]);
      if (found.length === 0) throw new Error('another run');
    } catch {
      await sql.end({ timeout: 1 });
      continue;
    }
    return {
      sql,
      dataDir,
      writeStored(key, content) {
        const path = join(dataDir, 'storage', key);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, content);
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  throw new Error(`no running e2e database under ${tmpdir()}/scrapper-e2e-* holds user ${userId}`);
}
