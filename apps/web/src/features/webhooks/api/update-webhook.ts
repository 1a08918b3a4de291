import { meWebhookEndpoints, type Webhook, type WebhookEvent } from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

/** Changes the URL or events, or turns the webhook off or on (on again clears its failures). */
export async function updateWebhook(id: string, body: { url?: string; events?: WebhookEvent[]; enabled?: boolean }): Promise<Webhook> {
  return call(meWebhookEndpoints.update, { params: { id }, body });
}
