// One access list: every route declares `config.access` (public, user, admin) where it is
// registered, and this plugin enforces it before any handler runs. A route registered
// without one makes the app fail to start.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '@scrapper/contracts/common';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { TokenClaims } from '@scrapper/contracts/http/auth';
import {
  DEFAULT_API_TOKEN_RATE_LIMIT_PER_MINUTE,
  EXTENSION_TOKEN_ROUTES,
  SESSION_ONLY_ROUTES,
  WRITING_GET_ROUTES,
  type ApiTokenScope,
} from '@scrapper/contracts/http/me-tokens';
import type { Db } from '@scrapper/db/client';
import { findUserById } from '@scrapper/db/queries/users';
import type { UserRow } from '@scrapper/db/schema';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { isApiTokenSecret } from '../services/api-tokens/api-token-secret.ts';
import {
  assertMayUseAdminRoutes,
  assertWithinRateLimit,
  authenticateApiToken,
} from '../services/api-tokens/authenticate-api-token.ts';
import { isCurrentSession, verifyToken } from '../services/auth/tokens.ts';
import { toSessionUser } from '../services/users/to-user-dto.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, on every route that is not public. */
    sessionUser: SessionUser | null;
    /** The personal API token the caller came with (`Authorization: Bearer scr_…`); null for a browser session. */
    apiToken: { id: string; scope: ApiTokenScope } | null;
  }
  interface FastifyInstance {
    /** Every route as registered, with its declared access; the access test walks this. */
    routeTable: Array<{ method: string; url: string; access: Access }>;
  }
}

export interface AccessOptions {
  db: Db;
  jwtSecret: string;
  /** Routes under these prefixes are public (plugins that cannot take our config). */
  publicPrefixes: string[];
  /**
   * How long a user row read for a request may answer later requests of the same user
   * (default 1000 ms; 0: read the database on every request). A change made through this
   * process (any write request) empties the cache before its answer goes out, so this process
   * never serves a deleted or demoted user again; other API processes see it within this time.
   */
  userCacheMs?: number;
  /** Requests one personal API token may make per minute, counted in the database (all processes). */
  apiTokenRateLimitPerMinute?: number;
}

const SESSION_ENDED = 'Sesi ini berakhir karena password akun diubah. Silakan login kembali.';
const TOKEN_READ_ONLY =
  "Token API ini hanya boleh membaca (scope 'read'): hanya permintaan GET yang diizinkan. Pakai token dengan scope 'write' untuk mengubah data.";
const TOKEN_SESSION_ONLY =
  'Token API tidak bisa dipakai untuk mengelola token API, membuat pengguna, atau mengganti password atau role. Lakukan dari browser setelah login.';
const TOKEN_COOKIES_ONLY =
  'Token ekstensi browser hanya boleh membaca, menyimpan, dan menghapus cookie milik Anda (/api/me/cookies). Untuk yang lain, login di browser atau buat Token API.';
const TOKEN_READ_ONLY_GET =
  "Token API ini hanya boleh membaca (scope 'read'), sedangkan permintaan ini menyimpan data atau memulai pekerjaan (menghubungkan akun, membuat pratinjau atau unduhan). Pakai token dengan scope 'write'.";

/** Verified tokens kept (then the cache starts over): a bound on memory, not on users. */
const MAX_CACHED_TOKENS = 10_000;

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export const accessPlugin = fp<AccessOptions>(async (app, options) => {
  app.decorate('routeTable', []);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('apiToken', null);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: Access };
    if (!config.access && options.publicPrefixes.some((p) => route.url.startsWith(p))) {
      route.config = { ...config, access: 'public' };
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} does not declare its access`);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access });
  });

  // Two caches that keep the database and the crypto out of the hot path of reads:
  // - tokens: a token string that verified once verifies again until it expires (HS256 is
  //   deterministic: the same string, the same signature check); expiry is checked on each use.
  // - users: the row of a caller, for userCacheMs. Every write request (anything but GET and
  //   HEAD: user deletions, role changes, data deletions) empties it before its answer is sent,
  //   and bumps a generation so that a read which started before the write cannot put the old
  //   row back. See docs/benchmarks.md (API overhead) for what this buys.
  const userCacheMs = options.userCacheMs ?? 1000;
  const tokens = new Map<string, TokenClaims>();
  const userRows = new Map<string, { row: UserRow; until: number }>();
  let generation = 0;

  async function claimsOf(token: string): Promise<TokenClaims | undefined> {
    const cached = tokens.get(token);
    if (cached) {
      if (cached.exp * 1000 > Date.now()) return cached;
      tokens.delete(token);
      return undefined;
    }
    const claims = await verifyToken(token, options.jwtSecret);
    if (claims) {
      if (tokens.size >= MAX_CACHED_TOKENS) tokens.clear();
      tokens.set(token, claims);
    }
    return claims;
  }

  async function userRow(id: string): Promise<UserRow | undefined> {
    if (userCacheMs <= 0) return findUserById(options.db, id);
    const now = Date.now();
    const cached = userRows.get(id);
    if (cached && cached.until > now) return cached.row;
    const seen = generation;
    const row = await findUserById(options.db, id);
    if (row && seen === generation) {
      if (userRows.size >= MAX_CACHED_TOKENS) userRows.clear();
      userRows.set(id, { row, until: now + userCacheMs });
    } else {
      userRows.delete(id);
    }
    return row;
  }

  /** A personal API token (issue 21 item 2): its owner, within the token's scope. */
  async function authenticateWithApiToken(request: FastifyRequest, reply: FastifyReply, secret: string, access: Access) {
    const caller = await authenticateApiToken(options.db, secret);
    // Who did what: every log line of this request (the request and response lines included)
    // names the member and the token.
    const log = request.log.child({ userId: caller.owner.id, tokenId: caller.tokenId });
    request.log = log;
    reply.log = log;
    assertWithinRateLimit(caller, options.apiTokenRateLimitPerMinute ?? DEFAULT_API_TOKEN_RATE_LIMIT_PER_MINUTE);
    request.sessionUser = toSessionUser(caller.owner);
    request.apiToken = { id: caller.tokenId, scope: caller.scope };
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = `${method} ${request.routeOptions.url ?? ''}`;
    if (caller.scope === 'cookies') {
      if (!EXTENSION_TOKEN_ROUTES.has(route)) throw forbidden(TOKEN_COOKIES_ONLY);
      return;
    }
    if (SESSION_ONLY_ROUTES.has(route)) throw forbidden(TOKEN_SESSION_ONLY);
    if (caller.scope === 'read' && method !== 'GET') throw forbidden(TOKEN_READ_ONLY);
    if (caller.scope === 'read' && WRITING_GET_ROUTES.has(route)) throw forbidden(TOKEN_READ_ONLY_GET);
    if (access === 'admin') assertMayUseAdminRoutes(caller);
  }

  app.addHook('onRequest', async (request, reply) => {
    // Unmatched URLs reach the not-found handler, which has no route config: public 404.
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'public') return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Token tidak ditemukan. Silakan login.');
    if (isApiTokenSecret(match[1])) return authenticateWithApiToken(request, reply, match[1], access);
    const claims = await claimsOf(match[1]);
    if (!claims) throw unauthorized();
    // The database, not the token, says who the caller is now: a deleted user is out at
    // once and a role change applies to tokens already issued (through the cache above: at
    // once in this process, within userCacheMs in others).
    const row = await userRow(claims.sub);
    if (!row) throw unauthorized();
    // The same row says which sessions are current: a password change or reset raised the
    // version, and a token issued before it is out (no extra read).
    if (!isCurrentSession(claims, row)) throw unauthorized(SESSION_ENDED);
    request.sessionUser = toSessionUser(row);
    if (access === 'admin' && row.role !== 'admin') throw forbidden();
  });

  // Before any write's answer leaves (success or failure: it may have changed rows anyway).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      generation++;
      userRows.clear();
    }
    done(null, payload);
  });
});
