import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import {
  activateApifyKey,
  addApifyKey,
  listApifyKeys,
  removeApifyKey,
  validateApifyKey,
} from '../../services/keys/apify-keys.ts';
import type { AppDeps } from '../../app.ts';

export function apifyKeyRoutes(app: FastifyInstance, { database, secrets, env }: AppDeps): void {
  defineRoute(app, endpoints.apifyKeys.list, () => listApifyKeys(database));
  defineRoute(app, endpoints.apifyKeys.add, ({ body }) => addApifyKey(database, secrets, body.key));
  defineRoute(app, endpoints.apifyKeys.remove, ({ params }) => removeApifyKey(database, params.id));
  defineRoute(app, endpoints.apifyKeys.setActive, ({ params }) => activateApifyKey(database, params.id));
  defineRoute(app, endpoints.apifyKeys.validate, ({ params }) => validateApifyKey(database, secrets, env.apifyBaseUrl, params.id));
}
