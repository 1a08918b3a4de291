import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { UpdateUserBody, User } from '@scrapper/contracts/http/users';
import type { Database } from '@scrapper/db/client';
import { revokeAllApiTokensOf } from '@scrapper/db/queries/api-tokens';
import { countAdmins, findUserById, lockAdminChanges, updateUser as updateUserRow } from '@scrapper/db/queries/users';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { toUserDto } from './to-user-dto.ts';

export async function updateUser(
  database: Database,
  actor: SessionUser,
  id: string,
  body: UpdateUserBody,
): Promise<User> {
  // Hash outside the transaction: it is slow and needs no lock.
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return database.transaction(async ({ db }) => {
    await lockAdminChanges(db);
    const existing = await findUserById(db, id);
    if (!existing) throw notFound('Pengguna tidak ditemukan.');
    if (body.username !== undefined && body.username !== existing.username) {
      throw badRequest('Username tidak dapat diubah.');
    }
    if (existing.role === 'admin' && body.role !== 'admin') {
      if (existing.id === actor.id) throw conflict('Anda tidak dapat menurunkan peran akun Anda sendiri.');
      if ((await countAdmins(db)) <= 1) throw conflict('Admin terakhir tidak dapat diturunkan perannya.');
    }
    const row = await updateUserRow(db, id, { role: body.role, ...(passwordHash ? { passwordHash } : {}) });
    if (!row) throw notFound('Pengguna tidak ditemukan.');
    // A reset ends the member's sessions (the session version rises) and their personal tokens:
    // whoever held the old password may have made tokens with it.
    if (passwordHash) await revokeAllApiTokensOf(db, id);
    return toUserDto(row);
  });
}
