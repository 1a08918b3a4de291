// postgres.js 3.4.9 keeps a per-connection row counter that only a completed command resets
// (porsager/postgres#1119, #1181, open). A query that fails after some of its rows arrived, or a
// connection that closes mid-stream (a PostgreSQL restart: "terminating connection due to
// administrator command"), leaves it standing, and the next query on that connection resolves
// with holes before its rows: `const [row] = await ...` reads `undefined`. The API took that for
// "no such user" and answered 401 during a restart (launcher's postgres-restart test, 11-29).
// patches/postgres@3.4.9.patch resets the counter on ReadyForQuery and on close; these fail
// without it.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/index.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('postgres.js row counter (patched)', () => {
  it('a query that failed after some rows arrived leaves the next result whole', async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      // Rows 1-3 stream out, row 4 divides by zero.
      const failed = await sql`select i, 1 / (4 - i) as boom from generate_series(1, 10) i`.catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error);
      const rows = await sql<{ x: number }[]>`select x from generate_series(1, 2) x`;
      expect(rows.length).toBe(2);
      expect(rows[0]).toEqual({ x: 1 });
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it('a connection closed mid-stream leaves the first result after reconnecting whole', async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      // 10 KB rows flush to the client as they are made; at row 50 the backend ends itself, as a
      // fast shutdown does to every connection.
      const killed = await sql`
        select case when i < 50 then repeat('x', 10000)
                    else pg_terminate_backend(pg_backend_pid())::text end as filler
        from generate_series(1, 100) i`.catch((e: unknown) => e);
      expect(killed).toBeInstanceOf(Error);
      const [row] = await sql<{ one: number }[]>`select 1 as one`;
      expect(row).toEqual({ one: 1 });
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});

// porsager/postgres#1192 (open): every new connection first looks up the array types, and 3.4.9
// drops that query's promise. When it fails (its connection closed by a PostgreSQL restart, seen
// as "write CONNECTION_CLOSED" ending the API under load on 11-29, or any error), the rejection
// has no holder and Node ends the process. The patch holds it; the query that opened the
// connection still runs.
describe('postgres.js array-type look-up (patched)', () => {
  it('a failing look-up on a new connection is no unhandled rejection', async () => {
    const role = `types_denied_${process.pid}_${Date.now()}`;
    const admin = postgres(database.url, { max: 1, onnotice: () => {} });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    // The catalogs are per database, so the revoke stays in this file's copy.
    await admin.unsafe(`create role ${role} login password 'x'`);
    await admin.unsafe('revoke select on pg_catalog.pg_type from public');
    const url = new URL(database.url);
    url.username = role;
    url.password = 'x';
    const denied = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      // Upstream hands the look-up's error to the query that opened the connection as well.
      const first = await denied`select 1 as one`.catch((e: unknown) => e);
      expect(String(first)).toContain('permission denied for table pg_type');
      const [row] = await denied<{ one: number }[]>`select 1 as one`;
      expect(row).toEqual({ one: 1 });
      // An unhandled rejection is reported after the microtasks of the turn it happened in.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await denied.end({ timeout: 5 });
      await admin.unsafe('grant select on pg_catalog.pg_type to public');
      await admin.unsafe(`drop role ${role}`);
      await admin.end({ timeout: 5 });
    }
  });
});
