import type { LoginBody, LoginResponse } from '@scrapper/contracts/http/auth';
import type { Db } from '@scrapper/db/client';
import {
  countAttemptsByIp,
  countFailuresByUsername,
  insertLoginAttempt,
  markLoginAttemptSucceeded,
} from '@scrapper/db/queries/login-attempts';
import { findUserByUsername } from '@scrapper/db/queries/users';
import { tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { toSessionUser } from '../users/to-user-dto.ts';
import { getDummyHash, verifyPassword } from './password.ts';
import { signToken } from './tokens.ts';

export const LOGIN_WINDOW_SECONDS = 10 * 60;
export const MAX_ATTEMPTS_PER_IP = 30;
export const MAX_FAILURES_PER_USERNAME = 10;

const LOGIN_FAILED = 'Username atau password salah.';
const TOO_MANY = 'Terlalu banyak percobaan login. Coba lagi dalam beberapa menit.';

export async function login(
  db: Db,
  input: LoginBody & { ip: string },
  jwtSecret: string,
): Promise<LoginResponse> {
  const since = new Date(Date.now() - LOGIN_WINDOW_SECONDS * 1000);
  // Record the attempt (as failed until proven otherwise) before counting: each of a burst of
  // parallel guesses then counts every attempt recorded before it, so the burst gets no more
  // tries than the limit. Counting first let 40 parallel guesses all through.
  const attemptId = await insertLoginAttempt(db, { ip: input.ip, username: input.username, succeeded: false });
  const [byIp, byUser] = await Promise.all([
    countAttemptsByIp(db, input.ip, since),
    countFailuresByUsername(db, input.username, since),
  ]);
  if (byIp > MAX_ATTEMPTS_PER_IP || byUser > MAX_FAILURES_PER_USERNAME) {
    throw tooManyRequests(TOO_MANY, LOGIN_WINDOW_SECONDS);
  }

  const user = await findUserByUsername(db, input.username);
  // Verify against a dummy hash when there is no such user: same work, same timing,
  // so the response does not tell which part was wrong.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) throw unauthorized(LOGIN_FAILED);
  await markLoginAttemptSucceeded(db, attemptId);

  const sessionUser = toSessionUser(user);
  return { token: await signToken(sessionUser, jwtSecret, user.sessionVersion), user: sessionUser };
}
