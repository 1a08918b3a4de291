import { EMAIL_TAKEN_MESSAGE, type Profile } from '@scrapper/contracts/http/me-profile';
import type { Db } from '@scrapper/db/client';
import { findUserById, updateUserEmail } from '@scrapper/db/queries/users';
import { conflict, notFound } from '../../lib/errors.ts';

const GONE = 'Akun tidak ditemukan.';

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(GONE);
  return { username: user.username, email: user.email };
}

/** Sets or clears the member's email: 409 when another account has it (any case). */
export async function updateProfile(db: Db, userId: string, email: string | null): Promise<Profile> {
  const outcome = await updateUserEmail(db, userId, email);
  if (outcome === 'taken') throw conflict(EMAIL_TAKEN_MESSAGE);
  if (outcome === 'missing') throw notFound(GONE);
  return getProfile(db, userId);
}
