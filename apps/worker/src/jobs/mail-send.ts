// One outgoing mail (issue 31 item 9): the row was written with the event it tells of (a deletion
// request received, its status changed) and this job sends it over SMTP once. `sent_at` set: a
// second run (a retry after the server accepted, a duplicate send) does nothing. A failure is
// written on the row and thrown for pg-boss's retries while the server may still take it.
import { findOutgoingMail, markOutgoingMailSent, recordOutgoingMailFailure } from '@scrapper/db/queries/outgoing-mails';
import { shouldRetry } from '@scrapper/integrations/retry';
import type { JobHandler } from './types.ts';

const NO_SMTP = 'SMTP_URL belum diatur di worker ini: email tidak dikirim.';

export const mailSend: JobHandler<'mail.send'> = async ({ mailId }, ctx) => {
  const { db } = ctx.database;
  const mail = await findOutgoingMail(db, mailId);
  if (!mail || mail.sentAt) return { kind: 'idle' };
  const { mailer } = ctx.deps;
  if (!mailer) {
    // The API has SMTP_URL and this worker not: the operator's to fix; retrying changes nothing.
    await recordOutgoingMailFailure(db, mailId, NO_SMTP);
    return { kind: 'failed', reason: NO_SMTP };
  }
  try {
    await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.bodyText, messageId: `<${mail.id}@scrapper.mail>` });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordOutgoingMailFailure(db, mailId, reason);
    if (shouldRetry(error, ctx)) throw error;
    return { kind: 'failed', reason: `Email ke ${mail.toAddress} tidak terkirim: ${reason}` };
  }
  await markOutgoingMailSent(db, mailId);
};
