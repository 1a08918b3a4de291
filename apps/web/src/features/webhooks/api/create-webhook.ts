import { meWebhookEndpoints, type WebhookEvent } from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

/** Adds a webhook; the answer holds its signing secret, which the server never shows again. */
export async function createWebhook(body: { url: string; events: WebhookEvent[] }) {
  return call(meWebhookEndpoints.create, { body });
}
