import { meWebhookEndpoints } from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

/** "Kirim Tes": queues a webhook.test delivery; answers its id. */
export async function sendTestWebhook(id: string): Promise<string> {
  return (await call(meWebhookEndpoints.test, { params: { id } })).deliveryId;
}
