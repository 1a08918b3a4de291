// The webhook calls (issue 21): the member's own webhooks (never their secrets), adding one (its
// signing secret comes back once), changing, removing and testing one, and its deliveries.
import {
  meWebhookEndpoints,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

/** The caller's own webhooks (never their secrets). */
export async function listWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return (await call(meWebhookEndpoints.list, { signal })).webhooks;
}

/** Adds a webhook; the answer holds its signing secret, which the server never shows again. */
export async function createWebhook(body: { url: string; events: WebhookEvent[] }) {
  return call(meWebhookEndpoints.create, { body });
}

/** Changes the URL or events, or turns the webhook off or on (on again clears its failures). */
export async function updateWebhook(
  id: string,
  body: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
): Promise<Webhook> {
  return call(meWebhookEndpoints.update, { params: { id }, body });
}

export async function deleteWebhook(id: string): Promise<void> {
  await call(meWebhookEndpoints.remove, { params: { id } });
}

/** "Kirim Tes": queues a webhook.test delivery; answers its id. */
export async function sendTestWebhook(id: string): Promise<string> {
  return (await call(meWebhookEndpoints.test, { params: { id } })).deliveryId;
}

/** A webhook's last 100 deliveries, newest first. */
export async function listDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return (await call(meWebhookEndpoints.deliveries, { params: { id }, signal })).deliveries;
}
