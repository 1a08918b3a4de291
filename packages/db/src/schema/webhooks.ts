import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's signed webhook (issue 21 item 3): events of theirs are POSTed to `url`, signed per
 * Standard Webhooks with the secret (`whsec_…`, sealed with SECRETS_KEY, shown once at create).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event names (WEBHOOK_EVENTS in the contracts) this webhook receives. */
    events: text('events').array().notNull(),
    /** The `whsec_…` signing secret sealed with SECRETS_KEY; never sent again after create. */
    sealedSecret: text('sealed_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Failed attempts in a row (any 2xx resets it); at 20 the webhook is disabled. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Why it was disabled (by the member, or after too many failures); null while enabled. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_owner_idx').on(t.ownerId, t.createdAt)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

/**
 * One event for one webhook: the `id` is the Standard Webhooks `webhook-id` (`msg_…`), the same
 * on every attempt so receivers can de-duplicate. The payload is the JSON body sent, except its
 * `data.link`: stored as the app path, sent absolute on PUBLIC_BASE_URL (webhook-deliver's sentBody).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** `pending` (queued or between attempts), `delivered` (a 2xx), `failed` (gave up). */
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt.desc()),
    // The sweeper's look for pending deliveries whose job vanished.
    index('webhook_deliveries_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
