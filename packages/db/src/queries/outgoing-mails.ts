import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { outgoingMails, type OutgoingMailRow } from '../schema/outgoing-mails.ts';

export interface NewOutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export async function insertOutgoingMail(db: Db, mail: NewOutgoingMail): Promise<OutgoingMailRow> {
  const [row] = await db.insert(outgoingMails).values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text }).returning();
  if (!row) throw new Error('insert into outgoing_mails returned no row');
  return row;
}

export async function findOutgoingMail(db: Db, id: string): Promise<OutgoingMailRow | undefined> {
  const [row] = await db.select().from(outgoingMails).where(eq(outgoingMails.id, id)).limit(1);
  return row;
}

/** Marks the mail sent; false when it was sent already (another run got there first). */
export async function markOutgoingMailSent(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(outgoingMails)
    .set({ sentAt: new Date(), attempts: sql`${outgoingMails.attempts} + 1`, lastError: null })
    .where(and(eq(outgoingMails.id, id), isNull(outgoingMails.sentAt)))
    .returning({ id: outgoingMails.id });
  return rows.length > 0;
}

export async function recordOutgoingMailFailure(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(outgoingMails)
    .set({ attempts: sql`${outgoingMails.attempts} + 1`, lastError: error.slice(0, 1000) })
    .where(eq(outgoingMails.id, id));
}
