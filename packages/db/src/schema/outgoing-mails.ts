import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail waiting to go out or sent (issue 31 item 9): written in the same transaction as the event
 * it tells of (a deletion request received, its status changed) with a `mail.send` job carrying
 * its id. The job sends it once: `sent_at` set means done, so a second run of the job, or a
 * retry after the server accepted the message, sends nothing again.
 */
export const outgoingMails = pgTable(
  'outgoing_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Attempts made so far and the last failure's words (for the operator; never shown to the public). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('outgoing_mails_created_idx').on(t.createdAt)],
);

export type OutgoingMailRow = typeof outgoingMails.$inferSelect;
