// Meta's data-deletion callbacks (issue 33): each one recorded with the confirmation code Meta
// shows the user, and the user's connections removed in the same transaction.
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { metaDeletionRequests, type MetaDeletionRequestRow } from '../schema/publish.ts';
import { deleteMetaUserAccounts } from './publish-accounts.ts';

/**
 * Records the request and removes that user's destinations given through that app, then marks
 * it done with the count. Call inside a transaction so both happen or neither.
 */
export async function recordMetaDeletion(
  db: Db,
  values: { clientSecretId: string; metaUserId: string; confirmationCode: string },
): Promise<MetaDeletionRequestRow> {
  const removedAccounts = await deleteMetaUserAccounts(db, values.metaUserId, values.clientSecretId);
  const [row] = await db
    .insert(metaDeletionRequests)
    .values({ ...values, status: 'done', removedAccounts })
    .returning();
  if (!row) throw new Error('insert into meta_deletion_requests returned no row');
  return row;
}

export async function findMetaDeletionByCode(db: Db, confirmationCode: string): Promise<MetaDeletionRequestRow | undefined> {
  const [row] = await db.select().from(metaDeletionRequests).where(eq(metaDeletionRequests.confirmationCode, confirmationCode));
  return row;
}
