import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '@scrapper/db/client';
import { findUserById } from '@scrapper/db/queries/users';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { isApiTokenSecret } from '../api-tokens/api-token-secret.ts';
import { assertMayUseAdminRoutes, assertWithinRateLimit, authenticateApiToken } from '../api-tokens/authenticate-api-token.ts';
import { isCurrentSession, verifyToken } from '../auth/tokens.ts';

export interface MetricsAuth {
  db: Db;
  jwtSecret: string;
  /** METRICS_TOKEN: lets a Prometheus scraper in without a user account. */
  metricsToken: string | undefined;
  /** API_TOKEN_RATE_LIMIT_PER_MINUTE: an admin's personal token counts here as on any route. */
  apiTokenRateLimitPerMinute: number;
}

/** Equal strings, compared in constant time; hashing first hides the length too. */
export function isSameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * /api/metrics is declared public to the access list, because an admin token is not the only
 * way in: `Authorization: Bearer <METRICS_TOKEN>` (when set) is the other. Anything else gets
 * 401, and a valid token of a member who is not an admin 403, as on admin routes.
 */
export async function authorizeMetrics(
  authorization: string | undefined,
  auth: MetricsAuth,
): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (!token) throw unauthorized('Token tidak ditemukan. Gunakan token admin atau METRICS_TOKEN.');
  if (auth.metricsToken && isSameSecret(token, auth.metricsToken)) return;
  if (isApiTokenSecret(token)) {
    // A personal token, as on every admin route: an admin's `write` token.
    const caller = await authenticateApiToken(auth.db, token);
    assertWithinRateLimit(caller, auth.apiTokenRateLimitPerMinute);
    assertMayUseAdminRoutes(caller);
    return;
  }
  const claims = await verifyToken(token, auth.jwtSecret);
  if (!claims) throw unauthorized();
  // As the access plugin does: the database, not the token, says who the caller is now.
  const user = await findUserById(auth.db, claims.sub);
  if (!user || !isCurrentSession(claims, user)) throw unauthorized();
  if (user.role !== 'admin') throw forbidden();
}
