// Webhook deliveries still pending with no job left to run them (a worker died on the last
// attempt, or the job was lost): their job is sent again, the same webhook-id, so every delivery
// ends delivered or failed (at least once).
import type { Database } from '@scrapper/db/client';
import { listStrandedDeliveries } from '@scrapper/db/queries/webhooks';
import type { JobContext } from '../jobs/types.ts';

/** Younger pending deliveries are left alone: their job may be just being sent. */
export const STRANDED_AFTER_MS = 10 * 60_000;

export async function resendStrandedWebhooks(database: Database, enqueue: JobContext['enqueue'], now: number): Promise<number> {
  const ids = await listStrandedDeliveries(database.db, new Date(now - STRANDED_AFTER_MS));
  for (const deliveryId of ids) await enqueue('webhook.deliver', { deliveryId }, { singletonKey: deliveryId });
  return ids.length;
}
