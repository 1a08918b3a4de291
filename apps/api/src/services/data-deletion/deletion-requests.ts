import { paginationOf, type PageQuery } from '@scrapper/contracts/common';
import type {
  DeletionRequest,
  DeletionRequestStatus,
  ListDeletionRequestsResponse,
} from '@scrapper/contracts/http/data-deletion';
import { DeletionRequestStatusSchema } from '@scrapper/contracts/http/data-deletion';
import type { Database } from '@scrapper/db/client';
import {
  findDeletionRequest,
  insertDeletionRequest,
  listDeletionRequests,
  notifyAdminsOfDeletionRequest,
  updateDeletionRequestStatus,
  type DeletionRequestWithHandler,
} from '@scrapper/db/queries/deletion-requests';
import { notFound } from '../../lib/errors.ts';

/** The admin tab a deletion-request notification opens. */
export const DELETION_REQUESTS_LINK = '/admin?tab=deletion-requests';

const NOT_FOUND = 'Permintaan hapus data tidak ditemukan.';

function toDeletionRequestDto(row: DeletionRequestWithHandler): DeletionRequest {
  // Rows written before 0010 or by hand may hold another word: shown as new, never a 500.
  const status = DeletionRequestStatusSchema.safeParse(row.status);
  return {
    id: row.id,
    email: row.email,
    status: status.success ? status.data : 'received',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    handledBy: row.handledBy && row.handledByUsername ? { id: row.handledBy, username: row.handledByUsername } : null,
  };
}

/** Stores the request and notifies every admin in the same transaction (issue 20). */
export async function receiveDeletionRequest(database: Database, values: { email: string; ip: string }): Promise<void> {
  await database.transaction(async ({ db }) => {
    const row = await insertDeletionRequest(db, values);
    await notifyAdminsOfDeletionRequest(db, row, DELETION_REQUESTS_LINK);
  });
}

export async function listDeletionRequestPage(database: Database, page: PageQuery): Promise<ListDeletionRequestsResponse> {
  const { rows, total } = await listDeletionRequests(database.db, page);
  return { requests: rows.map(toDeletionRequestDto), pagination: paginationOf(page, rows.length, total) };
}

/** Sets the status; setting the status it already has changes nothing and answers it as it is. */
export async function setDeletionRequestStatus(
  database: Database,
  adminId: string,
  id: string,
  status: DeletionRequestStatus,
): Promise<DeletionRequest> {
  const current = await findDeletionRequest(database.db, id);
  if (!current) throw notFound(NOT_FOUND);
  if (current.status === status) return toDeletionRequestDto(current);
  if (!(await updateDeletionRequestStatus(database.db, id, { status, handledBy: adminId }))) throw notFound(NOT_FOUND);
  const updated = await findDeletionRequest(database.db, id);
  if (!updated) throw notFound(NOT_FOUND);
  return toDeletionRequestDto(updated);
}
