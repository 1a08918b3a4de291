// Signed webhooks (issue 21 item 3) on real PostgreSQL and pg-boss, delivered over real HTTP to a
// local receiver and checked with the reference `standardwebhooks` package; events from a real
// scrape run against the fake Apify.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import type { WebhookEvent } from '@scrapper/contracts/http/me-webhooks';
import type { Database } from '@scrapper/db/client';
import { enqueue, type Boss } from '@scrapper/db/queue';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { insertDownloadBatch } from '@scrapper/db/queries/download-batches';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { insertWebhookWithinLimit, listDeliveries, newDeliveryId, recordTestDelivery, recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import { listIdsOfUnfinishedJobs } from '@scrapper/db/queries/housekeeping';
import { notifications, webhookDeliveries, webhooks, type WebhookDeliveryRow } from '@scrapper/db/schema';
import { newWebhookSecret } from '@scrapper/integrations/webhook-post';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished, until, waitForTask } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';
import { resendStrandedWebhooks, STRANDED_AFTER_MS } from '../housekeeping/resend-stranded-webhooks.ts';

const ACTOR = 'clockworks/tiktok-scraper';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What the receiver does with the next request: answer a status, or never answer. */
type Behaviour = number | 'hang';

/** A local HTTP receiver: records every request and answers from a script (then 200). */
class Receiver {
  readonly requests: Received[] = [];
  private script: Behaviour[] = [];
  private readonly hanging: ServerResponse[] = [];
  private server!: Server;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        this.requests.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
        const next = this.script.shift() ?? 200;
        if (next === 'hang') {
          this.hanging.push(res);
          return;
        }
        if (next >= 300 && next < 400) res.setHeader('location', `http://127.0.0.1:${this.port}/redirected`);
        res.writeHead(next).end('ok');
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(...behaviours: Behaviour[]): void {
    this.script = behaviours;
  }

  reset(): void {
    this.requests.length = 0;
    this.script = [];
    for (const res of this.hanging.splice(0)) res.destroy();
  }

  async close(): Promise<void> {
    this.reset();
    this.server.closeAllConnections();
    this.server.close();
  }
}

let h: WorkerHarness;
let database: Database;
let ownerId: string;
const receiver = new Receiver();

async function addWebhook(url: string, events: WebhookEvent[], owner = ownerId) {
  const secret = newWebhookSecret();
  const row = await database.transaction(({ db }) => insertWebhookWithinLimit(db, { ownerId: owner, url, events, sealedSecret: h.box.seal(secret) }, 10));
  if (!row) throw new Error('webhook not inserted');
  return { id: row.id, secret };
}

async function emit(boss: Boss, event: WebhookEvent, data: Record<string, unknown>, owner = ownerId): Promise<string[]> {
  return database.transaction(({ db, sql }) =>
    recordWebhookEvent({ db, sql }, (q, p, o) => enqueue(boss, q, p, o), { ownerId: owner, event, data }),
  );
}

async function deliveryOf(id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

function deliveryEnded(id: string): Promise<WebhookDeliveryRow> {
  return until(`delivery ${id} to end`, async () => {
    const row = await deliveryOf(id);
    return row && row.status !== 'pending' ? row : undefined;
  }, 60_000, 100);
}

/**
 * A worker whose webhook queue retries at once (a 1 s delay, no backoff) and at most `retries`
 * times: the catalog's hour of backoff is pg-boss's arithmetic, not ours to wait for here.
 */
async function startWorker(env: Record<string, string> = {}, retries = 5): Promise<RunningWorker> {
  const w = await h.startWorker(env);
  await w.boss.updateQueue('webhook.deliver', { retryLimit: retries, retryDelay: 1, retryBackoff: false });
  return w;
}

beforeAll(async () => {
  await receiver.start();
  h = await startWorkerHarness({
    name: 'webhook-deliver',
    apify: { waitForFinishCapMs: 50 },
    media: {},
    // Exactly the receiver is let through the URL guard (FETCH_ALLOW_PRIVATE_HOSTS); every other
    // private destination stays refused.
    env: { WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0', FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${receiver.port}`, WEBHOOK_TIMEOUT_SECONDS: '1' },
  });
  database = h.database;
  ownerId = await h.insertUser('pemilik');
  await replaceActorConfigs(database.db, [
    ActorConfigSchema.parse({
      platformId: 'tiktok',
      displayName: 'TikTok',
      actorId: ACTOR,
      inputKey: 'searchQueries',
      inputKeys: { keyword: 'searchQueries' },
      mapping: { id: 'id', url: 'webVideoUrl', title: 'text' },
      options: {},
    }),
  ]);
  await h.insertApifyKey();
}, 120_000);

beforeEach(async () => {
  await database.db.delete(webhooks);
});

afterEach(async () => {
  await h.stopWorkers();
  receiver.reset();
  h.apify.reset();
});

afterAll(async () => {
  await receiver.close();
  await h?.close();
});

describe('webhook deliveries', () => {
  it('a real scrape run emits scrape.completed and scrape.failed, signed so standardwebhooks verifies them', async () => {
    const hook = await addWebhook(receiver.url(), ['scrape.completed', 'scrape.failed']);
    // Not subscribed to scrape events, and one switched off: neither gets anything.
    await addWebhook(receiver.url('/downloads-only'), ['download.completed']);
    const off = await addWebhook(receiver.url('/off'), ['scrape.completed']);
    await database.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.id, off.id));
    // The address users reach the app at: a script gets links it can open (issue 31 item 10).
    const w = await startWorker({ PUBLIC_BASE_URL: 'https://scrapper.example.com/' });

    h.apify.script(ACTOR, { items: [{ id: '1', webVideoUrl: 'https://www.tiktok.com/@a/video/1', text: 'satu' }] });
    const good = await insertScrapeTask(database.db, {
      ownerId,
      actorId: ACTOR,
      platformId: 'tiktok',
      scrapeType: 'keyword',
      target: 'kucing',
      input: { searchQueries: 'kucing' },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
    await enqueue(w.boss, 'scrape.run', { taskId: good.id }, { singletonKey: good.id });
    await waitForTask(database, good.id, ['completed']);
    const [completed] = await listDeliveries(database.db, hook.id);
    expect(completed?.event).toBe('scrape.completed');
    const done = await deliveryEnded(completed?.id ?? '');
    expect(done).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });

    const request = receiver.requests.find((r) => r.headers['webhook-id'] === done.id);
    if (!request) throw new Error('the receiver got no request for the delivery');
    expect(request.path).toBe('/hook');
    expect(request.headers['content-type']).toBe('application/json');
    // The reference implementation verifies the signature (and the timestamp's freshness).
    const verified = new Webhook(hook.secret).verify(request.body, request.headers) as { type: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({
      type: 'scrape.completed',
      data: { taskId: good.id, platform: 'tiktok', target: 'kucing', itemsFound: 1, itemsSaved: 1, link: 'https://scrapper.example.com/history' },
    });
    // The row keeps the app path; the absolute address is made when it is sent.
    expect((done.payload as { data: { link: string } }).data.link).toBe('/history');
    // Another secret does not verify it: the signature really is keyed.
    expect(() => new Webhook(newWebhookSecret()).verify(request.body, request.headers)).toThrow();
    // No secrets and no storage paths in the body.
    expect(request.body).not.toContain('results/');
    expect(request.body).not.toContain(h.apify.token);

    h.apify.script(ACTOR, { outcome: 'FAILED' });
    const bad = await insertScrapeTask(database.db, {
      ownerId,
      actorId: ACTOR,
      platformId: 'tiktok',
      scrapeType: 'keyword',
      target: 'anjing',
      input: { searchQueries: 'anjing' },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
    await enqueue(w.boss, 'scrape.run', { taskId: bad.id }, { singletonKey: bad.id });
    await waitForTask(database, bad.id, ['failed']);
    const failed = (await listDeliveries(database.db, hook.id)).find((d) => d.event === 'scrape.failed');
    await deliveryEnded(failed?.id ?? '');
    const failedRequest = receiver.requests.find((r) => r.headers['webhook-id'] === failed?.id);
    expect(new Webhook(hook.secret).verify(failedRequest?.body ?? '', failedRequest?.headers ?? {})).toMatchObject({
      type: 'scrape.failed',
      data: { taskId: bad.id, target: 'anjing' },
    });

    expect(receiver.requests.map((r) => r.path).sort()).toEqual(['/hook', '/hook']);
  });

  it('retries after a 500 with the same webhook-id until a 2xx', async () => {
    const hook = await addWebhook(receiver.url(), ['download.completed']);
    receiver.answer(500, 503);
    const w = await startWorker();
    const [id = ''] = await emit(w.boss, 'download.completed', { downloadId: 'd1' });
    const row = await deliveryEnded(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(receiver.requests).toHaveLength(3);
    // At least once, de-duplicable: every attempt carries the same id and the same body, each
    // signed afresh and verifiable.
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
    expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.requests) expect(() => new Webhook(hook.secret).verify(r.body, r.headers)).not.toThrow();
    // A 2xx clears the failures counted on the way.
    const [after] = await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(after?.consecutiveFailures).toBe(0);
  });

  it('retries after a timeout (WEBHOOK_TIMEOUT_SECONDS) and records why the attempt failed', async () => {
    await addWebhook(receiver.url(), ['upload.completed']);
    receiver.answer('hang', 'hang');
    const w = await startWorker({}, 1);
    const [id = ''] = await emit(w.boss, 'upload.completed', { uploadId: 'u1' });
    // Two attempts, both unanswered: the delivery ends failed, the reason is the timeout.
    const row = await deliveryEnded(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastStatusCode: null });
    expect(row.lastError).toMatch(/tidak menjawab dalam 1 detik/);
    expect(receiver.requests).toHaveLength(2);

    receiver.reset();
    receiver.answer('hang');
    const [second = ''] = await emit(w.boss, 'upload.completed', { uploadId: 'u2' });
    expect(await deliveryEnded(second)).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });

  it('the URL guard refuses private addresses unless private-network fetching is allowed; redirects are not followed', async () => {
    const loopback = await addWebhook(receiver.url('/private'), ['batch.completed']);
    const named = await addWebhook(`http://localhost:${receiver.port}/named`, ['batch.completed']);
    const w = await startWorker({ ALLOW_PRIVATE_NETWORK_FETCH: 'false', FETCH_ALLOW_PRIVATE_HOSTS: '' });
    const ids = await emit(w.boss, 'batch.completed', { batchId: 'b1' });
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const row = await deliveryEnded(id);
      // Refused before any connection, and never retried: another attempt cannot change it.
      expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null });
      expect(row.lastError).toMatch(/^Ditolak penjaga URL: .*jaringan lokal atau privat/);
    }
    expect(receiver.requests).toHaveLength(0);
    const failures = await database.db.select({ id: webhooks.id, n: webhooks.consecutiveFailures }).from(webhooks);
    expect(failures.filter((f) => f.id === loopback.id || f.id === named.id).map((f) => f.n)).toEqual([1, 1]);
    await h.stopWorkers();

    // The same address listed in FETCH_ALLOW_PRIVATE_HOSTS (tests, a lab) is delivered, while
    // the same port by another name stays refused; a receiver that redirects is not followed
    // (the redirect could point anywhere).
    await database.db.delete(webhooks);
    await addWebhook(`http://localhost:${receiver.port}/named`, ['batch.completed']);
    const allowed = await startWorker({}, 0);
    const [refusedByName = ''] = await emit(allowed.boss, 'batch.completed', { batchId: 'b1b' });
    expect(await deliveryEnded(refusedByName)).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null });
    expect(receiver.requests).toHaveLength(0);
    await database.db.delete(webhooks);
    await addWebhook(receiver.url('/private'), ['batch.completed']);
    receiver.answer(302);
    const [redirected = ''] = await emit(allowed.boss, 'batch.completed', { batchId: 'b2' });
    const row = await deliveryEnded(redirected);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 302 });
    expect(receiver.requests.map((r) => r.path)).toEqual(['/private']);
    const [ok = ''] = await emit(allowed.boss, 'batch.completed', { batchId: 'b3' });
    expect(await deliveryEnded(ok)).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
  });

  it('20 failed attempts in a row disable the webhook and tell its owner once', async () => {
    const hook = await addWebhook(receiver.url('/down'), ['download.completed']);
    receiver.answer(...new Array<number>(40).fill(500));
    // No retries here: each event is one attempt, so 20 events are 20 failures in a row.
    const w = await startWorker({}, 0);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(...(await emit(w.boss, 'download.completed', { downloadId: `d${i}` })));
    expect(ids).toHaveLength(20);
    for (const id of ids) expect(await deliveryEnded(id)).toMatchObject({ status: 'failed', lastStatusCode: 500 });

    const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ enabled: false, consecutiveFailures: 20 });
    expect(row?.disabledReason).toMatch(/20 kali gagal/);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(told.filter((n) => n.kind === 'webhook.disabled')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('dinonaktifkan karena 20 kali gagal terkirim') }),
    ]);
    // Disabled: a new event makes no delivery.
    expect(await emit(w.boss, 'download.completed', { downloadId: 'later' })).toEqual([]);
  });
  it('the sweep sends the job again of a pending delivery whose job vanished (same webhook-id), and leaves the rest', async () => {
    const hook = await addWebhook(receiver.url('/lost'), ['scrape.completed']);
    // A delivery row whose job never made it (or whose worker died on its last attempt), old
    // enough for the sweep; and a fresh one, whose job may still be on its way.
    const lost = newDeliveryId();
    const fresh = newDeliveryId();
    const payload = { type: 'scrape.completed', timestamp: new Date().toISOString(), data: { taskId: 't-lost' } };
    await database.db.insert(webhookDeliveries).values([
      { id: lost, webhookId: hook.id, event: 'scrape.completed', payload, createdAt: new Date(Date.now() - STRANDED_AFTER_MS - 60_000) },
      { id: fresh, webhookId: hook.id, event: 'scrape.completed', payload },
    ]);
    const w = await startWorker();
    const sent = await resendStrandedWebhooks(database, (q, p, o) => enqueue(w.boss, q, p, o), Date.now());
    expect(sent).toBe(1);
    expect(await deliveryEnded(lost)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([lost]);
    expect((await deliveryOf(fresh))?.status).toBe('pending');
    expect([...(await listIdsOfUnfinishedJobs(database.db, 'webhook.deliver', 'deliveryId', [fresh]))]).toEqual([]);
  });

  it('keeps the newest 100 deliveries of a webhook', async () => {
    const hook = await addWebhook(receiver.url('/many'), ['scrape.completed']);
    const old = Array.from({ length: 105 }, (_, i) => ({
      id: newDeliveryId(),
      webhookId: hook.id,
      event: 'scrape.completed',
      payload: { type: 'scrape.completed', timestamp: '2026-01-01T00:00:00.000Z', data: { i } },
      status: 'delivered' as const,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await database.db.insert(webhookDeliveries).values(old);
    const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    if (!row) throw new Error('no webhook');
    const w = await startWorker();
    const testId = await database.transaction(({ db, sql }) => recordTestDelivery({ db, sql }, (q, p, o) => enqueue(w.boss, q, p, o), row));
    const kept = await listDeliveries(database.db, hook.id, 1000);
    expect(kept).toHaveLength(100);
    expect(kept[0]?.id).toBe(testId);
    // The six oldest went; the newest 99 of the old ones stay.
    expect(kept.slice(1).map((d) => d.id)).toEqual(old.slice(6).reverse().map((d) => d.id));
  });
  it('a real download batch emits download.completed for the item it got and batch.completed with the counts', async () => {
    const hook = await addWebhook(receiver.url('/downloads'), ['download.completed', 'batch.completed']);
    // The media server is let through too (its port is known once the harness has started it).
    const w = await startWorker({ FETCH_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${receiver.port},${new URL(h.media.urls.clip3s).host}` });
    const batch = await insertDownloadBatch(database.db, { ownerId, resultFileName: null, quality: 'best', total: 2 });
    const ids: string[] = [];
    for (const [i, url] of [h.media.urls.clip3s, h.media.urls.notFound].entries()) {
      const { row } = await insertOrJoinDownload(database.db, {
        ownerId,
        platform: 'tiktok',
        sourceItemId: `hook-item-${i}`,
        sourceUrl: url,
        directUrl: null,
        resultFileName: null,
        title: `Video ${i}`,
        author: 'kreator',
        quality: 'best',
        batchId: batch.id,
        item: {},
      });
      await enqueue(w.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
      ids.push(row.id);
    }
    for (const id of ids) await downloadFinished(database, id);
    const delivered = await until('both deliveries', async () => {
      const rows = await listDeliveries(database.db, hook.id);
      return rows.length === 2 && rows.every((r) => r.status === 'delivered') ? rows : undefined;
    }, 60_000);
    expect(delivered.map((d) => d.event).sort()).toEqual(['batch.completed', 'download.completed']);
    const bodies = receiver.requests.map((r) => new Webhook(hook.secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> });
    expect(bodies.find((b) => b.type === 'download.completed')?.data).toMatchObject({ downloadId: ids[0], batchId: batch.id, platform: 'tiktok', quality: 'best', link: '/history' });
    // Without PUBLIC_BASE_URL the worker cannot know the app's address: the link stays the app path.
    expect(bodies.find((b) => b.type === 'batch.completed')?.data).toEqual({ batchId: batch.id, completed: 1, failed: 1, link: '/history' });
    // No storage key or path in what went out.
    for (const r of receiver.requests) expect(r.body).not.toContain('downloads/');
  });
});
