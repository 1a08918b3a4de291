// A member's signed webhooks (issue 21 item 3): checked, the whsec_ secret made here and sealed
// with SECRETS_KEY (shown once), listed without it. Deliveries go out from the worker.
import { hostPortOf, type FetchPolicy } from '@scrapper/integrations/url-guard';
import {
  MAX_WEBHOOKS_PER_MEMBER,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@scrapper/contracts/http/me-webhooks';
import type { Database } from '@scrapper/db/client';
import { enqueue, type Boss } from '@scrapper/db/queue';
import {
  deleteWebhook,
  findWebhook,
  insertWebhookWithinLimit,
  listDeliveries,
  listWebhooks,
  lockTestDeliveryBudget,
  recordTestDelivery,
  updateWebhook,
  type SendJob,
} from '@scrapper/db/queries/webhooks';
import type { WebhookDeliveryRow, WebhookRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { newWebhookSecret } from '@scrapper/integrations/webhook-post';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';

/** Test deliveries one member may send in a minute, over all their webhooks. */
export const TEST_DELIVERIES_PER_MINUTE = 5;

export interface WebhookDeps {
  database: Database;
  boss: Boss;
  secrets: SecretBox;
  /** ALLOW_PRIVATE_NETWORK_FETCH, or the URL among FETCH_ALLOW_PRIVATE_HOSTS: plain http is accepted only then. */
  fetchPolicy: FetchPolicy;
}

const NOT_FOUND = 'Webhook tidak ditemukan.';

function toDto(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    consecutiveFailures: row.consecutiveFailures,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function deliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * https only; plain http only where private-network fetching is allowed (a local receiver in
 * tests and the demo). Where the URL may point is the URL guard's to say at each delivery.
 */
function assertUrlAllowed(url: string, deps: WebhookDeps): void {
  const parsed = new URL(url);
  const { protocol, username, password } = parsed;
  // Refused at delivery too; said here, when the member can still fix it.
  if (username || password) {
    throw badRequest('URL webhook tidak boleh memuat nama pengguna atau password (user:pass@). Periksa tanda tangan webhook-signature di penerima sebagai gantinya.');
  }
  if (protocol === 'https:') return;
  if (protocol === 'http:' && (deps.fetchPolicy.allowPrivateNetwork || deps.fetchPolicy.allowHosts.includes(hostPortOf(parsed)))) return;
  throw badRequest('URL webhook harus diawali https:// (alamat http:// tidak diizinkan).');
}

const sendWith = (boss: Boss): SendJob => (queue, payload, options) => enqueue(boss, queue, payload, options);

export async function listOwnWebhooks(deps: WebhookDeps, ownerId: string): Promise<Webhook[]> {
  return (await listWebhooks(deps.database.db, ownerId)).map(toDto);
}

export async function findOwnWebhook(deps: WebhookDeps, ownerId: string, id: string): Promise<Webhook> {
  const row = await findWebhook(deps.database.db, ownerId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toDto(row);
}

/** A new webhook and its secret (the only time the secret is sent); at most 10 per member. */
export async function createOwnWebhook(
  deps: WebhookDeps,
  ownerId: string,
  body: { url: string; events: WebhookEvent[] },
): Promise<Webhook & { secret: string }> {
  assertUrlAllowed(body.url, deps);
  const secret = newWebhookSecret();
  const row = await deps.database.transaction(({ db }) =>
    insertWebhookWithinLimit(db, { ownerId, url: body.url, events: body.events, sealedSecret: deps.secrets.seal(secret) }, MAX_WEBHOOKS_PER_MEMBER),
  );
  if (!row) throw badRequest(`Maksimal ${MAX_WEBHOOKS_PER_MEMBER} webhook per anggota. Hapus webhook yang tidak dipakai lagi terlebih dahulu.`);
  return { ...toDto(row), secret };
}

export async function updateOwnWebhook(
  deps: WebhookDeps,
  ownerId: string,
  id: string,
  patch: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
): Promise<Webhook> {
  if (patch.url !== undefined) assertUrlAllowed(patch.url, deps);
  const row = await updateWebhook(deps.database.db, ownerId, id, patch);
  if (!row) throw notFound(NOT_FOUND);
  return toDto(row);
}

export async function removeOwnWebhook(deps: WebhookDeps, ownerId: string, id: string): Promise<boolean> {
  if (!(await deleteWebhook(deps.database.db, ownerId, id))) throw notFound(NOT_FOUND);
  return true;
}

/** "Kirim Tes": a webhook.test delivery through the same queue; its id at once (202). */
export async function sendTestDelivery(deps: WebhookDeps, ownerId: string, id: string): Promise<string> {
  return deps.database.transaction(async ({ db, sql }) => {
    const hook = await findWebhook(db, ownerId, id);
    if (!hook) throw notFound(NOT_FOUND);
    // A test is a request to someone else's server: one at a time per webhook, a few a minute.
    const budget = await lockTestDeliveryBudget(db, ownerId, hook.id);
    if (budget.pending) throw conflict('Kiriman uji sebelumnya ke webhook ini masih diproses. Tunggu hasilnya di daftar kiriman, lalu coba lagi.');
    if (budget.inLastMinute >= TEST_DELIVERIES_PER_MINUTE) {
      const wait = Math.max(1, Math.ceil(((budget.oldestAt?.getTime() ?? Date.now()) + 60_000 - Date.now()) / 1000));
      throw tooManyRequests(`Paling banyak ${TEST_DELIVERIES_PER_MINUTE} kiriman uji per menit. Coba lagi dalam ${wait} detik.`, wait);
    }
    return recordTestDelivery({ db, sql }, sendWith(deps.boss), hook);
  });
}

export async function listOwnDeliveries(deps: WebhookDeps, ownerId: string, id: string): Promise<WebhookDelivery[]> {
  const hook = await findWebhook(deps.database.db, ownerId, id);
  if (!hook) throw notFound(NOT_FOUND);
  return (await listDeliveries(deps.database.db, hook.id)).map(deliveryDto);
}
