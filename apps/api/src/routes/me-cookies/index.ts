import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import {
  listOwnCookies,
  removeOwnCookies,
  saveOwnCookies,
} from '../../services/me-cookies/member-cookies.ts';
import { extensionPackage } from '../../services/me-cookies/extension-package.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The caller's own cookies (admins included: their own, not every member's) and the extension zip. */
export function meCookieRoutes(app: FastifyInstance, { database, secrets, env }: AppDeps): void {
  defineRoute(app, endpoints.meCookies.list, async ({ user }) => ({
    platforms: await listOwnCookies(database, secrets, user.id),
  }));
  defineRoute(app, endpoints.meCookies.put, ({ user, params, body }) =>
    saveOwnCookies(database, secrets, user.id, params.platform, body.cookies),
  );
  defineRoute(app, endpoints.meCookies.remove, async ({ user, params }) => ({
    deleted: await removeOwnCookies(database, user.id, params.platform),
  }));
  defineRoute(app, endpoints.meCookies.extensionPackage, async ({ reply }) => {
    const zip = await extensionPackage(env);
    void reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`);
    return reply.code(200).send(zip.body);
  });
}
