import type { ChangePasswordBody, ChangePasswordResponse, SessionUser } from '@scrapper/contracts/http/auth';
import { revokeAllApiTokensOf } from '@scrapper/db/queries/api-tokens';
import type { Database } from '@scrapper/db/client';
import { countFailuresByUsername, insertLoginAttempt } from '@scrapper/db/queries/login-attempts';
import { findUserById, updateUser } from '@scrapper/db/queries/users';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { toSessionUser } from '../users/to-user-dto.ts';
import { formatWait, type LoginLimits } from './login-limits.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { signToken } from './tokens.ts';

// 400, not 401: the session is fine, only the typed password is wrong (a 401 would log the
// member out of the page they are on).
const WRONG_CURRENT = 'Password saat ini salah.';
const tooMany = (seconds: number) =>
  tooManyRequests(`Terlalu banyak percobaan password yang salah. Coba lagi dalam ${formatWait(seconds)}.`, seconds);

/**
 * "Ganti Password": checks the current password, stores the new one and raises the session
 * version (every other token of the user is refused from then on), and answers with a fresh
 * token so the session that asked stays in. Unless the member unticks "Cabut juga semua Token
 * API", every personal token of theirs is revoked in the same transaction. Wrong current passwords count with failed logins
 * for the username, so a borrowed session cannot be used to guess the password without limit.
 */
export async function changePassword(
  database: Database,
  caller: SessionUser,
  body: ChangePasswordBody,
  ip: string,
  jwtSecret: string,
  limits: LoginLimits,
): Promise<ChangePasswordResponse> {
  const since = new Date(Date.now() - limits.windowSeconds * 1000);
  if ((await countFailuresByUsername(database.db, caller.username, since)) >= limits.maxFailuresPerUsername) {
    throw tooMany(limits.windowSeconds);
  }
  const existing = await findUserById(database.db, caller.id);
  if (!existing) throw unauthorized();
  if (!(await verifyPassword(existing.passwordHash, body.currentPassword))) {
    await insertLoginAttempt(database.db, { ip, username: caller.username, succeeded: false });
    throw badRequest(WRONG_CURRENT);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const { row, revokedApiTokens } = await database.transaction(async ({ db }) => {
    const updated = await updateUser(db, caller.id, { passwordHash });
    if (!updated) throw unauthorized();
    return { row: updated, revokedApiTokens: body.revokeApiTokens ? await revokeAllApiTokensOf(db, caller.id) : 0 };
  });
  const user = toSessionUser(row);
  return { token: await signToken(user, jwtSecret, row.sessionVersion), user, revokedApiTokens };
}
