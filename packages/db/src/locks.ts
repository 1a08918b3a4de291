// PostgreSQL advisory locks the apps take: one home, so every lock's key and lifetime is read in
// one place. (The migration lock is in migrate.ts, and the queries that lock their own rows'
// owner take it inside the query module.)
import { setTimeout as delay } from 'node:timers/promises';
import type postgres from 'postgres';

/**
 * Serialises writers of one shared list (actor configs, cookie sets, the one active key per
 * type) until the transaction ends. Without it two admins saving at once race on the unique
 * keys and one of them gets a 500 instead of simply saving after the other.
 */
export async function lockForTransaction(sql: postgres.TransactionSql, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`scrapper:${name}`}))`;
}

/** How often a job waiting for its channel's running upload checks again. */
const CHANNEL_WAIT_MS = 2000;

/**
 * Uploads to one YouTube channel run one at a time, across every worker process: a session
 * advisory lock per account on a connection held for the whole upload. A worker that dies drops
 * its connection and with it the lock, so nothing stays locked. `onWait` is called once, when
 * the lock is taken by another upload; the wait ends with `signal`. Answers the unlock.
 */
export async function lockYouTubeChannel(
  sql: postgres.Sql,
  accountId: string,
  options: { signal: AbortSignal; onWait: () => Promise<void> },
): Promise<() => Promise<void>> {
  const conn = await sql.reserve();
  try {
    let announced = false;
    for (;;) {
      const [row] = await conn<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtext('youtube.upload'), hashtext(${accountId})) as locked`;
      if (row?.locked) break;
      if (!announced) {
        announced = true;
        await options.onWait();
      }
      await delay(CHANNEL_WAIT_MS, undefined, { signal: options.signal });
    }
  } catch (error) {
    conn.release();
    throw error;
  }
  return async () => {
    try {
      await conn`select pg_advisory_unlock(hashtext('youtube.upload'), hashtext(${accountId}))`;
    } finally {
      conn.release();
    }
  };
}
