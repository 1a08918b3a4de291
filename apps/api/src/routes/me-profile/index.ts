import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { getProfile, updateProfile } from '../../services/users/update-profile.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The caller's own profile (issue 31 item 9): the optional email a deletion request is matched by. */
export function meProfileRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.meProfile.get, ({ user }) => getProfile(database.db, user.id));
  defineRoute(app, endpoints.meProfile.update, ({ user, body }) => updateProfile(database.db, user.id, body.email));
}
