// One attempt of one webhook delivery (issue 21 item 3). The delivery row holds the body and the
// `webhook-id`; each attempt signs it afresh (a new webhook-timestamp) and POSTs it through the
// URL guard. A 2xx delivers; a failure is written on the row and, while attempts remain and the
// failure is worth another, thrown for pg-boss's retry with backoff (the catalog's policy).
import { findDelivery, failPendingDelivery, recordDeliveryAttempt } from '@scrapper/db/queries/webhooks';
import { shouldRetry } from '@scrapper/integrations/retry';
import { postWebhook } from '@scrapper/integrations/webhook-post';
import { WEBHOOK_TEST_EVENT } from '@scrapper/contracts/http/me-webhooks';
import type { JobHandler } from './types.ts';

/**
 * The body as sent: the payload's `data.link` (an app path such as `/history`, as every event
 * records it) made absolute on PUBLIC_BASE_URL, so a script can open it. Without
 * PUBLIC_BASE_URL the worker cannot know the address users reach, and the path stays.
 */
export function sentBody(payload: unknown, publicBaseUrl: string | undefined): string {
  const data = (payload as { data?: unknown } | null)?.data;
  if (!publicBaseUrl || typeof data !== 'object' || data === null) return JSON.stringify(payload);
  const link = (data as { link?: unknown }).link;
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return JSON.stringify(payload);
  return JSON.stringify({ ...(payload as object), data: { ...data, link: `${publicBaseUrl}${link}` } });
}

/** A failed attempt that pg-boss retries. */
class DeliveryAttemptFailed extends Error {
  override readonly name = 'DeliveryAttemptFailed';
  readonly retryable = true;
}

export const webhookDeliver: JobHandler<'webhook.deliver'> = async ({ deliveryId }, ctx) => {
  const { db } = ctx.database;
  const found = await findDelivery(db, deliveryId);
  // Delivered already (a second run of the job), pruned, or its webhook deleted: nothing to do.
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, webhook } = found;
  const isTest = delivery.event === WEBHOOK_TEST_EVENT;
  // "Kirim Tes" goes to a disabled webhook too (to check a receiver before turning it on).
  if (!webhook.enabled && !isTest) {
    await failPendingDelivery(db, deliveryId, 'Tidak dikirim: webhook nonaktif.');
    return;
  }
  const result = await postWebhook({
    url: webhook.url,
    id: delivery.id,
    body: sentBody(delivery.payload, ctx.deps.publicBaseUrl),
    secret: ctx.deps.secrets.open(webhook.sealedSecret),
    timeoutMs: ctx.deps.webhookTimeoutMs,
    allowPrivateNetwork: ctx.deps.allowPrivateNetworkFetch,
    allowHosts: ctx.deps.fetchAllowPrivateHosts,
    signal: ctx.signal,
  });
  // The same question every job asks: the answer carries `retryable` like an adapter error.
  const final = result.ok || !shouldRetry(result, ctx);
  const { disabled } = await ctx.database.transaction(({ db: tx, sql }) =>
    recordDeliveryAttempt({ db: tx, sql }, deliveryId, {
      delivered: result.ok,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      final,
      // A test sent to a disabled webhook does not count (it is off already).
      countsTowardDisable: webhook.enabled,
    }),
  );
  if (disabled) ctx.log.warn({ webhookId: webhook.id }, 'webhook disabled after consecutive failures');
  if (final) return;
  throw new DeliveryAttemptFailed(result.error ?? 'delivery failed');
};
