import type { LoginBody, LoginResponse } from '@scrapper/contracts/http/auth';
import type { Db } from '@scrapper/db/client';
import { deleteLoginAttempt, insertLoginAttempt, markLoginAttemptSucceeded } from '@scrapper/db/queries/login-attempts';
import { findUserByUsername } from '@scrapper/db/queries/users';
import { tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { toSessionUser } from '../users/to-user-dto.ts';
import { newDeviceId, signDeviceCookie, verifyDeviceCookie } from './device-cookie.ts';
import { formatWait, loginWaitSeconds, type LoginLimits } from './login-limits.ts';
import { getDummyHash, verifyPassword } from './password.ts';
import { signToken } from './tokens.ts';

const LOGIN_FAILED = 'Username atau password salah.';
const tooMany = (seconds: number) =>
  tooManyRequests(`Terlalu banyak percobaan login. Coba lagi dalam ${formatWait(seconds)}.`, seconds);

export interface LoginInput extends LoginBody {
  ip: string;
  /** The device cookie the browser sent, if any (checked here). */
  deviceCookie: string | undefined;
}

export interface LoginResult extends LoginResponse {
  /** The signed device cookie to set (a new device, or the same one renewed). */
  deviceCookie: string;
}

export async function login(
  db: Db,
  input: LoginInput,
  options: { jwtSecret: string; limits: LoginLimits },
): Promise<LoginResult> {
  const username = input.username.toLowerCase();
  const device = verifyDeviceCookie(input.deviceCookie, options.jwtSecret);
  // A cookie of another username is simply not a known device for this one.
  const deviceId = device?.username === username ? device.deviceId : undefined;
  // Record the attempt (as failed until proven otherwise) before counting: each of a burst of
  // parallel guesses then counts every attempt recorded before it, so the burst gets no more
  // tries than the limit. Counting first let 40 parallel guesses all through.
  const attemptId = await insertLoginAttempt(db, { ip: input.ip, username, succeeded: false, deviceId: deviceId ?? null });
  const wait = await loginWaitSeconds(db, { id: attemptId, ip: input.ip, username, deviceId }, options.limits);
  if (wait > 0) {
    // No password was checked: the refusal is no failure, and waiting it out is enough.
    await deleteLoginAttempt(db, attemptId);
    throw tooMany(wait);
  }

  const user = await findUserByUsername(db, username);
  // Verify against a dummy hash when there is no such user: same work, same timing,
  // so the response does not tell which part was wrong.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) throw unauthorized(LOGIN_FAILED);
  await markLoginAttemptSucceeded(db, attemptId);

  const sessionUser = toSessionUser(user);
  return {
    token: await signToken(sessionUser, options.jwtSecret, user.sessionVersion),
    user: sessionUser,
    deviceCookie: signDeviceCookie({ username, deviceId: deviceId ?? newDeviceId() }, options.jwtSecret),
  };
}
