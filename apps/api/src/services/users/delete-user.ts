import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { countAdmins, deleteUser as deleteUserRow, findUserById, lockAdminChanges } from '@scrapper/db/queries/users';
import { conflict, notFound } from '../../lib/errors.ts';

export async function deleteUser(database: Database, actor: SessionUser, id: string): Promise<{ id: string }> {
  if (id === actor.id) throw conflict('Anda tidak dapat menghapus akun Anda sendiri.');
  return database.transaction(async ({ db }) => {
    await lockAdminChanges(db);
    const existing = await findUserById(db, id);
    if (!existing) throw notFound('Pengguna tidak ditemukan.');
    if (existing.role === 'admin' && (await countAdmins(db)) <= 1) {
      throw conflict('Admin terakhir tidak dapat dihapus.');
    }
    await deleteUserRow(db, id);
    return { id };
  });
}
