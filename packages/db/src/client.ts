import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export interface DatabaseOptions {
  /** Pool size of this process. */
  max?: number;
  applicationName?: string;
}

/**
 * drizzle sends every query unprepared (postgres.js `unsafe(..., { prepare: false })`), so
 * PostgreSQL parses and plans the same statements again on every request. Queries with
 * parameters are prepared instead: postgres.js keeps one prepared statement per query text and
 * connection (connections are recycled after max_lifetime, which bounds the set). Queries without
 * parameters keep the simple protocol (they may hold several statements, as migrations do).
 */
function preparing(sql: postgres.Sql): postgres.Sql {
  const unsafe = sql.unsafe.bind(sql);
  const prepared = ((query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, params as postgres.ParameterOrJSON<never>[], params && params.length > 0 ? { ...options, prepare: true } : options)) as postgres.Sql['unsafe'];
  return new Proxy(sql, {
    get(target, key, receiver) {
      return key === 'unsafe' ? prepared : Reflect.get(target, key, receiver);
    },
  });
}

function createDrizzle(sql: postgres.Sql) {
  return drizzle(preparing(sql), { schema });
}

export type Db = ReturnType<typeof createDrizzle>;

export interface Database {
  db: Db;
  sql: postgres.Sql;
  /** Runs `fn` in one transaction; `tx.sql` is the raw client for pg-boss inside it. */
  transaction<T>(fn: (tx: { db: Db; sql: postgres.TransactionSql }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The one connection module used by api and worker. */
export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'scrapper' },
  });
  return {
    db: createDrizzle(sql),
    sql,
    async transaction(fn) {
      const result = await sql.begin((tx) => {
        // drizzle reads the type parsers from `client.options`, which a postgres.js
        // transaction handle does not carry; it shares the pool's, so lend it those.
        const client = Object.assign(tx, { options: sql.options }) as unknown as postgres.Sql;
        return fn({ db: createDrizzle(client), sql: tx });
      });
      return result as Awaited<ReturnType<typeof fn>>;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
