import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { requireUser } from '../../plugins/access.ts';
import { changePassword } from '../../services/auth/change-password.ts';
import { login } from '../../services/auth/login.ts';
import type { AppDeps } from '../../app.ts';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  defineRoute(app, endpoints.auth.login, ({ body, request }) =>
    login(deps.database.db, { ...body, ip: request.ip }, deps.env.jwtSecret),
  );
  defineRoute(app, endpoints.auth.me, async ({ request }) => ({ user: requireUser(request) }));
  defineRoute(app, endpoints.auth.changePassword, ({ body, request }) =>
    changePassword(deps.database, requireUser(request), body, request.ip, deps.env.jwtSecret),
  );
}
