import { paginationOf, type PageQuery } from '@scrapper/contracts/common';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type {
  DeletionRequest,
  DeletionRequestStatus,
  ListDeletionRequestsResponse,
} from '@scrapper/contracts/http/data-deletion';
import { deletionRequestCode, DeletionRequestStatusSchema } from '@scrapper/contracts/http/data-deletion';
import type { Database } from '@scrapper/db/client';
import type { Boss } from '@scrapper/db/queue';
import type { DeletionRequestRow } from '@scrapper/db/schema';
import {
  findDeletionRequest,
  insertDeletionRequest,
  listDeletionRequests,
  notifyAdminsOfDeletionRequest,
  updateDeletionRequestStatus,
  type DeletionRequestWithHandler,
} from '@scrapper/db/queries/deletion-requests';
import { conflict, notFound } from '../../lib/errors.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { deleteUserWithin } from '../users/delete-user.ts';
import { deletionReceivedMail, deletionStatusMail } from './deletion-mails.ts';

/** The admin tab a deletion-request notification opens. */
export const DELETION_REQUESTS_LINK = '/admin?tab=deletion-requests';

const NOT_FOUND = 'Permintaan hapus data tidak ditemukan.';
const MEMBER_CHANGED = 'Akun yang terhubung dengan permintaan ini sudah berubah. Muat ulang lalu coba lagi.';

/** What the deletion services need: the database, the queue, and whether mail goes out (SMTP_URL). */
export interface DeletionDeps {
  database: Database;
  boss: Boss;
  mailEnabled: boolean;
}

function toDeletionRequestDto(row: DeletionRequestWithHandler): DeletionRequest {
  // Rows written before 0010 or by hand may hold another word: shown as new, never a 500.
  const status = DeletionRequestStatusSchema.safeParse(row.status);
  return {
    id: row.id,
    code: deletionRequestCode(row.id),
    email: row.email,
    status: status.success ? status.data : 'received',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    handledBy: row.handledBy && row.handledByUsername ? { id: row.handledBy, username: row.handledByUsername } : null,
    member: row.memberId && row.memberUsername ? { id: row.memberId, username: row.memberUsername } : null,
  };
}

/**
 * Stores the request, notifies every admin and (with SMTP_URL) queues the confirmation mail, all
 * in one transaction (issue 20, issue 31 item 9): a mail that cannot go out yet never loses the request.
 */
export async function receiveDeletionRequest(deps: DeletionDeps, values: { email: string; ip: string }): Promise<DeletionRequestRow> {
  return deps.database.transaction(async (tx) => {
    const row = await insertDeletionRequest(tx.db, values);
    await notifyAdminsOfDeletionRequest(tx.db, row, DELETION_REQUESTS_LINK);
    if (deps.mailEnabled) await queueMail(tx, deps.boss, deletionReceivedMail(row));
    return row;
  });
}

export async function listDeletionRequestPage(database: Database, page: PageQuery): Promise<ListDeletionRequestsResponse> {
  const { rows, total } = await listDeletionRequests(database.db, page);
  return { requests: rows.map(toDeletionRequestDto), pagination: paginationOf(page, rows.length, total) };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Sets the status and queues the sender's mail for it, inside the caller's transaction. */
async function changeStatusWithin(deps: DeletionDeps, tx: Transaction, adminId: string, row: DeletionRequestRow, status: DeletionRequestStatus): Promise<void> {
  if (!(await updateDeletionRequestStatus(tx.db, row.id, { status, handledBy: adminId }))) throw notFound(NOT_FOUND);
  const mail = deps.mailEnabled ? deletionStatusMail(row, status) : null;
  if (mail) await queueMail(tx, deps.boss, mail);
}

async function findDto(database: Database, id: string): Promise<DeletionRequest> {
  const updated = await findDeletionRequest(database.db, id);
  if (!updated) throw notFound(NOT_FOUND);
  return toDeletionRequestDto(updated);
}

/**
 * Sets the status; setting the status it already has changes nothing, mails nothing and answers
 * it as it is (a repeated PATCH never mails twice).
 */
export async function setDeletionRequestStatus(
  deps: DeletionDeps,
  adminId: string,
  id: string,
  status: DeletionRequestStatus,
): Promise<DeletionRequest> {
  const current = await findDeletionRequest(deps.database.db, id);
  if (!current) throw notFound(NOT_FOUND);
  if (current.status === status) return toDeletionRequestDto(current);
  await deps.database.transaction((tx) => changeStatusWithin(deps, tx, adminId, current, status));
  return findDto(deps.database, id);
}

/**
 * One confirmed step (issue 31 item 9): deletes the member account linked to the request by its
 * email (the same rules as the admin's user delete: not oneself, not the last admin) and marks the
 * request selesai, mailing the sender when mail is on. `userId` is the member the admin saw: a
 * link that changed since (the member changed or cleared the email) answers 409 and removes nothing.
 */
export async function removeDeletionRequestMember(deps: DeletionDeps, actor: SessionUser, id: string, userId: string): Promise<DeletionRequest> {
  await deps.database.transaction(async (tx) => {
    const current = await findDeletionRequest(tx.db, id);
    if (!current) throw notFound(NOT_FOUND);
    if (current.memberId !== userId) throw conflict(MEMBER_CHANGED);
    await deleteUserWithin(tx.db, actor, userId);
    if (current.status !== 'done') await changeStatusWithin(deps, tx, actor.id, current, 'done');
  });
  return findDto(deps.database, id);
}
