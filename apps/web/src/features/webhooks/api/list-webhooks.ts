import { meWebhookEndpoints, type Webhook } from '@scrapper/contracts/http/me-webhooks';
import { call } from '@/lib/api-client.ts';

/** The caller's own webhooks (never their secrets). */
export async function listWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return (await call(meWebhookEndpoints.list, { signal })).webhooks;
}
