import type { Database } from '@scrapper/db/client';
import { insertOutgoingMail, type NewOutgoingMail } from '@scrapper/db/queries/outgoing-mails';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';

/** The handle `database.transaction` gives its callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Writes the mail and its `mail.send` job inside the caller's transaction: both commit with the
 * event the mail tells of, or neither does. The worker sends it once (the row's `sent_at`); the
 * mail's id is the job's singletonKey, so a duplicate send of the job is dropped.
 */
export async function queueMail(tx: Transaction, boss: Boss, mail: NewOutgoingMail): Promise<string> {
  const row = await insertOutgoingMail(tx.db, mail);
  await enqueue(boss, 'mail.send', { mailId: row.id }, { db: bossTransaction(tx.sql), singletonKey: row.id });
  return row.id;
}
