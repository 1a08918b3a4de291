import { meWebhookEndpoints } from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

export async function deleteWebhook(id: string): Promise<void> {
  await call(meWebhookEndpoints.remove, { params: { id } });
}
