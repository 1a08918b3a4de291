import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { changePassword } from '../../services/auth/change-password.ts';
import { DEVICE_COOKIE_NAME, deviceCookieHeader, readCookie } from '../../services/auth/device-cookie.ts';
import { login } from '../../services/auth/login.ts';
import type { AppDeps } from '../../app-deps.ts';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { jwtSecret, login: limits } = deps.env;
  defineRoute(app, endpoints.auth.login, async ({ body, request, reply }) => {
    const { deviceCookie, ...session } = await login(
      deps.database.db,
      { ...body, ip: request.ip, deviceCookie: readCookie(request.headers.cookie, DEVICE_COOKIE_NAME) },
      { jwtSecret, limits },
    );
    // `request.protocol` is https behind a TLS proxy too when TRUST_PROXY is set.
    reply.header('set-cookie', deviceCookieHeader(deviceCookie, { secure: request.protocol === 'https', maxAgeDays: limits.deviceCookieDays }));
    return session;
  });
  defineRoute(app, endpoints.auth.me, async ({ user }) => ({ user }));
  defineRoute(app, endpoints.auth.changePassword, ({ body, user, request }) =>
    changePassword(deps.database, user, body, request.ip, jwtSecret, limits),
  );
}
