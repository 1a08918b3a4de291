import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { createApiToken, createExtensionToken, listAllTokens, listOwnTokens, revokeToken } from '../../services/api-tokens/api-tokens.ts';
import type { AppDeps } from '../../app-deps.ts';

/**
 * Personal API tokens: the caller's own (admins included: their own), and the admins' view of
 * every member's. All of them need a browser session (the access plugin refuses a token here).
 */
export function meTokenRoutes(app: FastifyInstance, { database }: AppDeps): void {
  const e = endpoints.meTokens;
  defineRoute(app, e.list, ({ user, query }) => listOwnTokens(database.db, user.id, query));
  defineRoute(app, e.create, ({ user, body }) => createApiToken(database.db, user.id, body));
  defineRoute(app, e.createExtensionToken, ({ user }) => createExtensionToken(database.db, user));
  defineRoute(app, e.revoke, ({ user, params }) => revokeToken(database.db, params.id, user.id));
  defineRoute(app, e.adminList, ({ query }) => listAllTokens(database.db, query));
  defineRoute(app, e.adminRevoke, ({ params }) => revokeToken(database.db, params.id));
}
