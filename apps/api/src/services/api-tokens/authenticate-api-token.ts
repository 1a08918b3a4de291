// A request made with a personal API token: who it is, and whether the token may go on.
// Shared by the access plugin (every route) and /api/metrics (which checks its own bearer).
import type { ApiTokenScope } from '@scrapper/contracts/http/me-tokens';
import type { Db } from '@scrapper/db/client';
import { API_TOKEN_WINDOW_SECONDS, findApiTokenState, useApiToken } from '@scrapper/db/queries/api-tokens';
import type { UserRow } from '@scrapper/db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashApiTokenSecret, isWellFormedApiTokenSecret } from './api-token-secret.ts';

const TOKEN_UNKNOWN = 'Token API tidak dikenal. Periksa token yang dipakai, atau buat token baru di halaman Token API.';
const TOKEN_REVOKED = 'Token API ini sudah dicabut. Buat token baru di halaman Token API.';
const TOKEN_EXPIRED = 'Token API ini sudah kedaluwarsa. Buat token baru di halaman Token API.';
const TOKEN_ADMIN_NEEDS_WRITE = "Rute admin hanya bisa dibuka dengan token API ber-scope 'write'.";

export interface ApiTokenCaller {
  tokenId: string;
  scope: ApiTokenScope;
  owner: UserRow;
  /** Requests of this token in its current minute, this one included; when that minute began. */
  windowCount: number;
  windowStartedAt: Date;
}

/**
 * Checked against the database on every request, in one statement that also counts the
 * request for the rate limit and sets last_used_at: nothing is cached, so a revocation through
 * any API process applies from the next request on, everywhere, and so does a role change.
 * 401 for an unknown, revoked or expired token.
 */
export async function authenticateApiToken(db: Db, secret: string): Promise<ApiTokenCaller> {
  if (!isWellFormedApiTokenSecret(secret)) throw unauthorized(TOKEN_UNKNOWN);
  const hash = hashApiTokenSecret(secret);
  const use = await useApiToken(db, hash);
  if (use) return use;
  const state = await findApiTokenState(db, hash);
  throw unauthorized(state === 'revoked' ? TOKEN_REVOKED : state === 'expired' ? TOKEN_EXPIRED : TOKEN_UNKNOWN);
}

/** 429 once the token made more than `limitPerMinute` requests in its current minute. */
export function assertWithinRateLimit(caller: ApiTokenCaller, limitPerMinute: number, now = Date.now()): void {
  if (caller.windowCount <= limitPerMinute) return;
  const waitMs = caller.windowStartedAt.getTime() + API_TOKEN_WINDOW_SECONDS * 1000 - now;
  const wait = Math.min(API_TOKEN_WINDOW_SECONDS, Math.max(1, Math.ceil(waitMs / 1000)));
  throw tooManyRequests(
    `Terlalu banyak permintaan dengan token API ini (batas ${limitPerMinute} per menit). Coba lagi dalam ${wait} detik.`,
    wait,
  );
}

/** Admin routes: only an admin's token, and only a `write` one (403 otherwise). */
export function assertMayUseAdminRoutes(caller: ApiTokenCaller): void {
  if (caller.owner.role !== 'admin') throw forbidden();
  if (caller.scope !== 'write') throw forbidden(TOKEN_ADMIN_NEEDS_WRITE);
}
