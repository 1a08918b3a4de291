import type { Database } from '@scrapper/db/client';

type TransactionSql = Parameters<Parameters<Database['transaction']>[0]>[0]['sql'];

/**
 * Serialises writers of one shared list (actor configs, cookie sets, the one active key per
 * type) until the transaction ends. Without it two admins saving at once race on the unique
 * keys and one of them gets a 500 instead of simply saving after the other.
 */
export async function lockForTransaction(sql: TransactionSql, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`scrapper:${name}`}))`;
}
