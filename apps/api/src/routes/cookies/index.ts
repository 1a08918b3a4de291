import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { getCookieSets, getCookieStatus, saveCookieSets } from '../../services/cookies/cookie-sets.ts';
import type { AppDeps } from '../../app-deps.ts';

export function cookieRoutes(app: FastifyInstance, { database, secrets }: AppDeps): void {
  defineRoute(app, endpoints.cookies.get, () => getCookieSets(database, secrets));
  defineRoute(app, endpoints.cookies.status, () => getCookieStatus(database, secrets));
  defineRoute(app, endpoints.cookies.save, ({ body }) => saveCookieSets(database, secrets, body));
}
