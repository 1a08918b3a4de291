// One access list: every route declares `config.access` (public, user, admin) where it is
// registered, and this plugin enforces it before any handler runs. A route registered
// without one makes the app fail to start.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Access } from '@scrapper/contracts/common';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Db } from '@scrapper/db/client';
import { findUserById } from '@scrapper/db/queries/users';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { verifyToken } from '../services/auth/tokens.ts';
import { toSessionUser } from '../services/users/to-user-dto.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, on every route that is not public. */
    sessionUser: SessionUser | null;
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
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export const accessPlugin = fp<AccessOptions>(async (app, options) => {
  app.decorate('routeTable', []);
  app.decorateRequest('sessionUser', null);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: Access };
    if (!config.access && options.publicPrefixes.some((p) => route.url.startsWith(p))) {
      route.config = { ...config, access: 'public' };
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} does not declare its access`);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    // Unmatched URLs reach the not-found handler, which has no route config: public 404.
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'public') return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Token tidak ditemukan. Silakan login.');
    const claims = await verifyToken(match[1], options.jwtSecret);
    if (!claims) throw unauthorized();
    // The database, not the token, says who the caller is now: a deleted user is out at
    // once and a role change applies to tokens already issued.
    const row = await findUserById(options.db, claims.sub);
    if (!row) throw unauthorized();
    request.sessionUser = toSessionUser(row);
    if (access === 'admin' && row.role !== 'admin') throw forbidden();
  });
});
