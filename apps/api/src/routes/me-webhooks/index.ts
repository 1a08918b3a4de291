import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import {
  createOwnWebhook,
  findOwnWebhook,
  listOwnDeliveries,
  listOwnWebhooks,
  removeOwnWebhook,
  sendTestDelivery,
  updateOwnWebhook,
  type WebhookDeps,
} from '../../services/me-webhooks/webhooks.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The caller's own webhooks (admins included: their own); another member's answers 404. */
export function meWebhookRoutes(app: FastifyInstance, { database, boss, secrets, env }: AppDeps): void {
  const deps: WebhookDeps = { database, boss, secrets, fetchPolicy: env.fetchPolicy };
  defineRoute(app, endpoints.meWebhooks.list, async ({ user }) => ({ webhooks: await listOwnWebhooks(deps, user.id) }));
  defineRoute(app, endpoints.meWebhooks.create, ({ user, body }) => createOwnWebhook(deps, user.id, body));
  defineRoute(app, endpoints.meWebhooks.get, ({ user, params }) => findOwnWebhook(deps, user.id, params.id));
  defineRoute(app, endpoints.meWebhooks.update, ({ user, params, body }) => updateOwnWebhook(deps, user.id, params.id, body));
  defineRoute(app, endpoints.meWebhooks.remove, async ({ user, params }) => ({ deleted: await removeOwnWebhook(deps, user.id, params.id) }));
  defineRoute(app, endpoints.meWebhooks.test, async ({ user, params }) => ({ deliveryId: await sendTestDelivery(deps, user.id, params.id) }));
  defineRoute(app, endpoints.meWebhooks.deliveries, async ({ user, params }) => ({ deliveries: await listOwnDeliveries(deps, user.id, params.id) }));
}
