// Members' webhooks and their deliveries (issue 21 item 3). The secret arrives sealed; this
// module never sees it open. recordWebhookEvent is what other code calls to emit an event.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { SendOptions } from 'pg-boss';
import type { JobPayload, QueueName } from '@scrapper/contracts/jobs';
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  type WebhookEvent,
} from '@scrapper/contracts/http/me-webhooks';
import type { Db } from '../client.ts';
import { bossTransaction } from '../queue.ts';
import { notifyUser } from './notifications.ts';
import { listIdsOfUnfinishedJobs } from './housekeeping.ts';
import {
  webhookDeliveries,
  webhooks,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '../schema/webhooks.ts';

/** A transaction's two handles, as `Database.transaction` passes them. */
export interface WebhookTx {
  db: Db;
  sql: postgres.TransactionSql;
}

/** Sends a job: the worker's `ctx.enqueue`, or `(q, p, o) => enqueue(boss, q, p, o)` in the API. */
export type SendJob = <Q extends QueueName>(queue: Q, payload: JobPayload<Q>, options?: SendOptions) => Promise<string | null>;

/** A new `webhook-id`: `msg_` and 24 random base62-ish characters (stable over every attempt). */
export function newDeliveryId(): string {
  return `msg_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export interface WebhookWrite {
  ownerId: string;
  url: string;
  events: string[];
  sealedSecret: string;
}

/**
 * Adds a webhook unless the owner already has `limit`; undefined then. Call it inside a
 * transaction: the owner's advisory lock makes two creates at once count each other.
 */
export async function insertWebhookWithinLimit(db: Db, write: WebhookWrite, limit: number): Promise<WebhookRow | undefined> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${write.ownerId}`}))`);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(eq(webhooks.ownerId, write.ownerId));
  if ((count?.n ?? 0) >= limit) return undefined;
  const [row] = await db.insert(webhooks).values(write).returning();
  return row;
}

export async function listWebhooks(db: Db, ownerId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.ownerId, ownerId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

/** The owner's webhook; undefined for another member's (the API answers 404 alike). */
export async function findWebhook(db: Db, ownerId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.ownerId, ownerId)));
  return row;
}

export interface WebhookPatch {
  url?: string;
  events?: string[];
  enabled?: boolean;
}

/** Turning it on clears the failure count and the reason; turning it off says the member did. */
export async function updateWebhook(db: Db, ownerId: string, id: string, patch: WebhookPatch, now = new Date()): Promise<WebhookRow | undefined> {
  const set: Partial<typeof webhooks.$inferInsert> = { updatedAt: now };
  if (patch.url !== undefined) set.url = patch.url;
  if (patch.events !== undefined) set.events = patch.events;
  if (patch.enabled === true) Object.assign(set, { enabled: true, consecutiveFailures: 0, disabledReason: null });
  if (patch.enabled === false) Object.assign(set, { enabled: false, disabledReason: 'Dinonaktifkan oleh pemilik.' });
  const [row] = await db
    .update(webhooks)
    .set(set)
    .where(and(eq(webhooks.id, id), eq(webhooks.ownerId, ownerId)))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.ownerId, ownerId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Deliveries

/** The body every delivery sends (Standard Webhooks' recommended envelope). */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Queues one delivery per hook (rows, then their jobs, in the caller's transaction), and trims
 * each hook's finished deliveries to the newest WEBHOOK_DELIVERIES_KEPT.
 */
async function queueDeliveries(tx: WebhookTx, send: SendJob, hookIds: readonly string[], payload: WebhookPayload): Promise<string[]> {
  const ids: string[] = [];
  for (const webhookId of hookIds) {
    const id = newDeliveryId();
    await tx.db.insert(webhookDeliveries).values({ id, webhookId, event: payload.type, payload });
    await send('webhook.deliver', { deliveryId: id }, { db: bossTransaction(tx.sql), singletonKey: id });
    await pruneDeliveries(tx.db, webhookId);
    ids.push(id);
  }
  return ids;
}

/**
 * Emits an event to the owner's enabled webhooks subscribed to it: one delivery row each, and
 * its `webhook.deliver` job, written in the caller's transaction (a transactional outbox: the
 * event goes out exactly when the state change it reports commits). Returns the delivery ids.
 *
 * Usage, in the transaction that records the change (worker):
 *
 *   await ctx.database.transaction(async ({ db: tx, sql }) => {
 *     ...the state change...
 *     await recordWebhookEvent({ db: tx, sql }, ctx.enqueue, {
 *       ownerId, event: 'automation.run.completed', data: { automationId, runId, name, ... },
 *     });
 *   });
 *
 * (API: `(q, p, o) => enqueue(boss, q, p, o)` as `send`.) `data` is small JSON: ids, names,
 * counts, app links; never secrets or file paths. Safe to call when the owner has no webhooks.
 * A retried transaction emits again only when the caller's own guard (a conditional update that
 * changed a row) lets it get this far, as with its notifications.
 */
export async function recordWebhookEvent(
  tx: WebhookTx,
  send: SendJob,
  input: { ownerId: string; event: WebhookEvent; data: Record<string, unknown>; at?: Date },
): Promise<string[]> {
  const hooks = await tx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.ownerId, input.ownerId), eq(webhooks.enabled, true), sql`${input.event} = any(${webhooks.events})`));
  if (hooks.length === 0) return [];
  const payload = { type: input.event, timestamp: (input.at ?? new Date()).toISOString(), data: input.data };
  return queueDeliveries(tx, send, hooks.map((h) => h.id), payload);
}

/** "Kirim Tes": one `webhook.test` delivery to this hook, enabled or not, through the same queue. */
/** What stands in the way of one more test delivery to a member's webhook. */
export interface TestDeliveryBudget {
  /** The hook already has a test delivery that is not finished. */
  pending: boolean;
  /** Test deliveries of all the member's hooks in the last minute, and when the oldest of them leaves it. */
  inLastMinute: number;
  oldestAt: Date | undefined;
}

/**
 * Holds the member's test-delivery lock until the transaction ends (two clicks at once count
 * as two) and reads the budget: the hook's pending test and the member's tests in a minute.
 */
export async function lockTestDeliveryBudget(db: Db, ownerId: string, webhookId: string): Promise<TestDeliveryBudget> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-tests:${ownerId}`}))`);
  const [row] = await db.execute<{ pending: boolean; recent: number; oldest: string | null }>(sql`
    select
      exists (select 1 from ${webhookDeliveries} d
              where d.webhook_id = ${webhookId} and d.event = 'webhook.test' and d.status = 'pending') as pending,
      count(*)::int as recent,
      min(d.created_at)::text as oldest
    from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id
    where w.owner_id = ${ownerId} and d.event = 'webhook.test' and d.created_at > now() - interval '1 minute'`);
  return { pending: row?.pending ?? false, inLastMinute: row?.recent ?? 0, oldestAt: row?.oldest ? new Date(row.oldest) : undefined };
}

export async function recordTestDelivery(tx: WebhookTx, send: SendJob, hook: WebhookRow, at = new Date()): Promise<string> {
  const payload = {
    type: 'webhook.test',
    timestamp: at.toISOString(),
    data: { webhookId: hook.id, message: 'Ini kiriman uji dari Scrapper.' },
  };
  const [id] = await queueDeliveries(tx, send, [hook.id], payload);
  if (!id) throw new Error('test delivery was not recorded');
  return id;
}

/** Keeps the newest WEBHOOK_DELIVERIES_KEPT deliveries of a hook; pending ones are never cut. */
export async function pruneDeliveries(db: Db, webhookId: string): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from ${webhookDeliveries}
    where ${webhookDeliveries.webhookId} = ${webhookId}
      and ${webhookDeliveries.status} <> 'pending'
      and ${webhookDeliveries.id} not in (
        select id from ${webhookDeliveries} where webhook_id = ${webhookId}
        order by created_at desc, id desc limit ${WEBHOOK_DELIVERIES_KEPT})
    returning ${webhookDeliveries.id}`);
  return rows.length;
}

export async function listDeliveries(db: Db, webhookId: string, limit = WEBHOOK_DELIVERIES_KEPT): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: Db, id: string): Promise<{ delivery: WebhookDeliveryRow; webhook: WebhookRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export interface AttemptOutcome {
  /** A 2xx came back. */
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** No attempt follows (the last retry, or a refusal no retry can change). */
  final: boolean;
  /** Whether this attempt's failure counts toward disabling (a test to a disabled hook does not). */
  countsTowardDisable?: boolean;
}

/**
 * Writes an attempt's outcome on its delivery (only while it is pending: a second run of a
 * delivered job changes nothing) and on its webhook: a 2xx clears the failure count, a failure
 * adds one, and the WEBHOOK_DISABLE_AFTER_FAILURES-th in a row disables the hook and tells its
 * owner once (the flip happens in one conditional update). One transaction.
 */
export async function recordDeliveryAttempt(
  tx: WebhookTx,
  deliveryId: string,
  outcome: AttemptOutcome,
  now = new Date(),
): Promise<{ recorded: boolean; disabled: boolean }> {
  const status = outcome.delivered ? 'delivered' : outcome.final ? 'failed' : 'pending';
  const [delivery] = await tx.db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastDurationMs: outcome.durationMs,
      lastError: outcome.error,
      lastAttemptAt: now,
      deliveredAt: outcome.delivered ? now : null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
    .returning({ webhookId: webhookDeliveries.webhookId });
  if (!delivery) return { recorded: false, disabled: false };
  if (outcome.delivered) {
    await tx.db.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, delivery.webhookId));
    return { recorded: true, disabled: false };
  }
  if (outcome.countsTowardDisable === false) return { recorded: true, disabled: false };
  const [hook] = await tx.db
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(eq(webhooks.id, delivery.webhookId))
    .returning();
  if (!hook || !hook.enabled || hook.consecutiveFailures < WEBHOOK_DISABLE_AFTER_FAILURES) return { recorded: true, disabled: false };
  const reason = `Dinonaktifkan otomatis setelah ${hook.consecutiveFailures} kali gagal terkirim berturut-turut.`;
  const [flipped] = await tx.db
    .update(webhooks)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhooks.id, hook.id), eq(webhooks.enabled, true)))
    .returning({ id: webhooks.id });
  if (!flipped) return { recorded: true, disabled: false };
  await notifyUser(tx.db, hook.ownerId, {
    kind: 'webhook.disabled',
    message: `Webhook ke ${hook.url} dinonaktifkan karena ${hook.consecutiveFailures} kali gagal terkirim berturut-turut. Periksa penerima, lalu aktifkan lagi di halaman Webhook.`,
    dedupeKey: `webhook-disabled:${hook.id}:${now.getTime()}`,
    link: '/webhooks',
  });
  return { recorded: true, disabled: true };
}

/**
 * Ends a pending delivery without sending it (its webhook was disabled or deleted meanwhile).
 */
export async function failPendingDelivery(db: Db, deliveryId: string, error: string): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/**
 * Pending deliveries older than `before` whose job is gone (its worker died on the last attempt,
 * or the job was lost): the sweeper sends each one's job again (same id: at least once).
 */
export async function listStrandedDeliveries(db: Db, before: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)))
    .orderBy(asc(webhookDeliveries.createdAt))
    .limit(limit);
  const ids = rows.map((r) => r.id);
  const running = await listIdsOfUnfinishedJobs(db, 'webhook.deliver', 'deliveryId', ids);
  return ids.filter((id) => !running.has(id));
}
