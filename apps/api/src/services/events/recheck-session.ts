// A live stream outlives the request that opened it: on each heartbeat it asks again whether
// the header it came with still names a member (a password change, a revoked API token or a
// deleted member ends it), and what role that member has now.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Db } from '@scrapper/db/client';
import { findLiveApiTokenOwner } from '@scrapper/db/queries/api-tokens';
import { findUserById } from '@scrapper/db/queries/users';
import { hashApiTokenSecret, isApiTokenSecret } from '../api-tokens/api-token-secret.ts';
import { isCurrentSession, verifyToken } from '../auth/tokens.ts';
import { toSessionUser } from '../users/to-user-dto.ts';

/** The caller the Authorization header names now, or null when it no longer names one. */
export async function recheckSession(db: Db, jwtSecret: string, authorization: string | undefined): Promise<SessionUser | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  if (isApiTokenSecret(token)) {
    const owner = await findLiveApiTokenOwner(db, hashApiTokenSecret(token));
    return owner ? toSessionUser(owner) : null;
  }
  const claims = await verifyToken(token, jwtSecret);
  if (!claims) return null;
  const row = await findUserById(db, claims.sub);
  if (!row || !isCurrentSession(claims, row)) return null;
  return toSessionUser(row);
}
