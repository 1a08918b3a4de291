// A member's signed webhooks (issue 21 item 3). Any signed-in member; each reaches only their
// own (another member's webhook answers 404). Deliveries follow the Standard Webhooks
// specification: headers webhook-id, webhook-timestamp and webhook-signature (`v1,<base64
// HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 part of the `whsec_…` secret).
import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Every event a webhook may subscribe to, with the label the member page shows. */
export const WEBHOOK_EVENT_LABELS = {
  'scrape.completed': 'Scraping selesai',
  'scrape.failed': 'Scraping gagal',
  'download.completed': 'Unduhan selesai',
  'batch.completed': 'Batch unduhan selesai',
  'upload.completed': 'Upload YouTube selesai',
  'upload.failed': 'Upload YouTube gagal',
  'automation.run.completed': 'Otomasi selesai dijalankan',
  'automation.run.failed': 'Otomasi gagal dijalankan',
  'post.published': 'Publikasi ke satu tujuan berhasil',
  'post.failed': 'Publikasi ke satu tujuan gagal',
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as [WebhookEvent, ...WebhookEvent[]];
/** Sent only by "Kirim Tes"; not something to subscribe to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const MAX_WEBHOOKS_PER_MEMBER = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** Failed attempts in a row after which a webhook is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;
/** Deliveries kept (and listed) per webhook; older ones are removed as new ones come. */
export const WEBHOOK_DELIVERIES_KEPT = 100;

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, {
  error: (issue) => `Event tidak dikenal: ${String(issue.input)}. Pilih dari: ${WEBHOOK_EVENTS.join(', ')}.`,
});

/**
 * The URL's form only: http(s), at most 2000 characters. Whether plain http is allowed (only
 * when private-network fetching is) and whether the host is reachable are the API's and the
 * URL guard's to say.
 */
export const WebhookUrlSchema = z
  .url({
    protocol: /^https?$/,
    error: (issue) =>
      issue.input === undefined ? 'URL webhook wajib diisi.' : 'URL webhook tidak valid: tulis alamat lengkap yang diawali https://.',
  })
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH, `URL webhook paling panjang ${MAX_WEBHOOK_URL_LENGTH} karakter.`);

const EventsSchema = z
  .array(WebhookEventSchema, { error: 'Daftar event harus berupa daftar.' })
  .min(1, 'Pilih minimal satu event.')
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const CreateWebhookBodySchema = z.strictObject({ url: WebhookUrlSchema, events: EventsSchema });
export const UpdateWebhookBodySchema = z.strictObject({
  url: WebhookUrlSchema.optional(),
  events: EventsSchema.optional(),
  /** Turning a webhook back on clears its failure count. */
  enabled: z.boolean({ error: 'enabled harus true atau false.' }).optional(),
});

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int(),
  /** Why it is off (by the member, or after too many failures); null while on. */
  disabledReason: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const CreatedWebhookSchema = WebhookSchema.extend({
  /** `whsec_…`: shown this once, never again. */
  secret: z.string(),
});

export const WebhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt of this delivery. */
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The receiver's last HTTP answer; null when there was none (timeout, refused, guard). */
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  deliveredAt: IsoDateTimeSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const meWebhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/me/webhooks',
    access: 'user',
    summary: "The caller's own webhooks (never their secrets).",
    tags: ['webhooks'],
    response: z.object({ webhooks: z.array(WebhookSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/me/webhooks',
    access: 'user',
    summary: 'Add a webhook; the answer carries its signing secret (whsec_…) this once. At most 10 per member.',
    tags: ['webhooks'],
    body: CreateWebhookBodySchema,
    response: CreatedWebhookSchema,
    successStatus: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/me/webhooks/:id',
    access: 'user',
    summary: "One of the caller's webhooks.",
    tags: ['webhooks'],
    params: IdParamsSchema,
    response: WebhookSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/me/webhooks/:id',
    access: 'user',
    summary: 'Change the URL, the events, or turn a webhook on or off (on again clears its failure count).',
    tags: ['webhooks'],
    params: IdParamsSchema,
    body: UpdateWebhookBodySchema,
    response: WebhookSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/webhooks/:id',
    access: 'user',
    summary: 'Delete a webhook and its deliveries.',
    tags: ['webhooks'],
    params: IdParamsSchema,
    response: z.object({ deleted: z.boolean() }),
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/me/webhooks/:id/test',
    access: 'user',
    summary:
      'Queue a `webhook.test` delivery through the same queue, signature and retries as real events. One pending test per webhook (409) and 5 a minute per member (429 with Retry-After).',
    tags: ['webhooks'],
    params: IdParamsSchema,
    response: z.object({ deliveryId: z.string() }),
    successStatus: 202,
    errors: [409],
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/me/webhooks/:id/deliveries',
    access: 'user',
    summary: "A webhook's last 100 deliveries, newest first.",
    tags: ['webhooks'],
    params: IdParamsSchema,
    response: z.object({ deliveries: z.array(WebhookDeliverySchema) }),
  }),
};
