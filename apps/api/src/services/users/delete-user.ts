import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database, Db } from '@scrapper/db/client';
import { countAdmins, deleteUser as deleteUserRow, findUserById, lockAdminChanges } from '@scrapper/db/queries/users';
import { conflict, notFound } from '../../lib/errors.ts';

/**
 * Deletes the account (its rows go with it) inside the caller's transaction: never the caller's
 * own, never the last admin. The deletion-request tab's one-step removal uses the same rules.
 */
export async function deleteUserWithin(db: Db, actor: SessionUser, id: string): Promise<{ id: string }> {
  if (id === actor.id) throw conflict('Anda tidak dapat menghapus akun Anda sendiri.');
  await lockAdminChanges(db);
  const existing = await findUserById(db, id);
  if (!existing) throw notFound('Pengguna tidak ditemukan.');
  if (existing.role === 'admin' && (await countAdmins(db)) <= 1) {
    throw conflict('Admin terakhir tidak dapat dihapus.');
  }
  await deleteUserRow(db, id);
  return { id };
}

export async function deleteUser(database: Database, actor: SessionUser, id: string): Promise<{ id: string }> {
  return database.transaction(({ db }) => deleteUserWithin(db, actor, id));
}
