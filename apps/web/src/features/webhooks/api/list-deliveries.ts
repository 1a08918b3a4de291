import { meWebhookEndpoints, type WebhookDelivery } from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

/** A webhook's last 100 deliveries, newest first. */
export async function listDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return (await call(meWebhookEndpoints.deliveries, { params: { id }, signal })).deliveries;
}
