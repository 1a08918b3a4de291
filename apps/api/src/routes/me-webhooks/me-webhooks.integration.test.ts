// A member's signed webhooks (issue 21 item 3) over real HTTP, PostgreSQL and pg-boss: the secret
// shown once and sealed at rest, each member's own (404 for anyone else's, admins included), bad
// input refused whole, "Kirim Tes" queued on the same queue as real events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listIdsOfUnfinishedJobs } from '@scrapper/db/queries/housekeeping';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let ana: string;
let budi: string;
let admin: string;

const create = (body: unknown, token = ana) => h.request('POST', '/api/me/webhooks', { token, body });
const stored = async () =>
  (await h.database.sql`select owner_id::text as owner, url, events, sealed_secret, enabled, consecutive_failures from webhooks order by created_at`).map((r) => ({ ...r }));

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('ana-hook', 'ana-hook-password', 'user');
  await h.createUser('budi-hook', 'budi-hook-password', 'user');
  await h.createUser('admin-hook', 'admin-hook-password', 'admin');
  ana = await h.login('ana-hook', 'ana-hook-password');
  budi = await h.login('budi-hook', 'budi-hook-password');
  admin = await h.login('admin-hook', 'admin-hook-password');
});
afterAll(async () => {
  await h?.close();
});

describe('/api/me/webhooks', () => {
  let hookId = '';

  it('creates a webhook and answers its whsec_ secret once; the column holds it sealed, the list never shows it', async () => {
    const res = await create({ url: 'https://hooks.example.com/scrapper', events: ['scrape.completed', 'upload.failed', 'scrape.completed'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      url: 'https://hooks.example.com/scrapper',
      events: ['scrape.completed', 'upload.failed'],
      enabled: true,
      consecutiveFailures: 0,
      disabledReason: null,
    });
    const secret = String(res.body.secret);
    // whsec_ + base64 of 24 random bytes.
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    hookId = String(res.body.id);

    const [row] = await stored();
    expect(row?.sealed_secret).not.toContain(secret.slice(6));
    expect(createSecretBox(h.env.secretsKey).open(String(row?.sealed_secret))).toBe(secret);

    const list = await h.request('GET', '/api/me/webhooks', { token: ana });
    expect(list.status).toBe(200);
    expect(list.body.webhooks).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    const one = await h.request('GET', `/api/me/webhooks/${hookId}`, { token: ana });
    expect(one.status).toBe(200);
    expect(one.body.secret).toBeUndefined();
  });

  it('refuses bad input with a 400 in Indonesian and saves nothing', async () => {
    const before = await stored();
    const cases: Array<[unknown, RegExp]> = [
      [{ url: 'http://hooks.example.com/x', events: ['scrape.completed'] }, /https:\/\//],
      [{ url: 'ftp://hooks.example.com/x', events: ['scrape.completed'] }, /tidak valid/],
      [{ url: 'bukan url', events: ['scrape.completed'] }, /tidak valid/],
      [{ url: `https://hooks.example.com/${'a'.repeat(2000)}`, events: ['scrape.completed'] }, /paling panjang 2000 karakter/],
      [{ url: 'https://hooks.example.com/x', events: ['scrape.exploded'] }, /Event tidak dikenal: scrape\.exploded/],
      [{ url: 'https://hooks.example.com/x', events: ['webhook.test'] }, /Event tidak dikenal/],
      [{ url: 'https://hooks.example.com/x', events: [] }, /minimal satu event/],
      [{ url: 'https://hooks.example.com/x' }, /./],
      [{ url: 'https://hooks.example.com/x', events: ['scrape.completed'], secret: 'whsec_pilihan_saya' }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const patch = await h.request('PATCH', `/api/me/webhooks/${hookId}`, { token: ana, body: { url: 'http://hooks.example.com/y' } });
    expect(patch.status).toBe(400);
    const events = await h.request('PATCH', `/api/me/webhooks/${hookId}`, { token: ana, body: { events: ['nope'] } });
    expect(events.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('allows at most 10 webhooks per member', async () => {
    // Ana has one; nine more fit.
    for (let i = 0; i < 9; i++) expect((await create({ url: `https://hooks.example.com/${i}`, events: ['download.completed'] })).status).toBe(201);
    const eleventh = await create({ url: 'https://hooks.example.com/11', events: ['download.completed'] });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toMatch(/Maksimal 10 webhook/);
    expect((await stored()).filter((r) => r.url === 'https://hooks.example.com/11')).toEqual([]);
    // Budi's count is his own.
    expect((await create({ url: 'https://budi.example.com/hook', events: ['batch.completed'] }, budi)).status).toBe(201);
  });

  it("answers 404 for another member's webhook, admins included, and changes nothing", async () => {
    const before = await stored();
    for (const token of [budi, admin]) {
      for (const [method, path, body] of [
        ['GET', `/api/me/webhooks/${hookId}`, undefined],
        ['PATCH', `/api/me/webhooks/${hookId}`, { enabled: false }],
        ['DELETE', `/api/me/webhooks/${hookId}`, undefined],
        ['POST', `/api/me/webhooks/${hookId}/test`, undefined],
        ['GET', `/api/me/webhooks/${hookId}/deliveries`, undefined],
      ] as const) {
        const res = await h.request(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.message).toBe('Webhook tidak ditemukan.');
      }
    }
    expect(await stored()).toEqual(before);
    expect((await h.request('GET', '/api/me/webhooks', { token: budi })).body.webhooks.map((w: { url: string }) => w.url)).toEqual(['https://budi.example.com/hook']);
  });

  it('PATCH changes the URL and events, turns it off with a reason, and on again with a clean failure count', async () => {
    const changed = await h.request('PATCH', `/api/me/webhooks/${hookId}`, { token: ana, body: { url: 'https://hooks.example.com/baru', events: ['batch.completed'] } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ url: 'https://hooks.example.com/baru', events: ['batch.completed'], enabled: true });
    const off = await h.request('PATCH', `/api/me/webhooks/${hookId}`, { token: ana, body: { enabled: false } });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'Dinonaktifkan oleh pemilik.' });
    // As the worker leaves it after failures.
    await h.database.sql`update webhooks set consecutive_failures = 20, disabled_reason = 'Dinonaktifkan otomatis' where id = ${hookId}`;
    const on = await h.request('PATCH', `/api/me/webhooks/${hookId}`, { token: ana, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
  });

  it('"Kirim Tes" answers 202 with the delivery id, queued as a webhook.deliver job; the deliveries list shows it', async () => {
    const res = await h.request('POST', `/api/me/webhooks/${hookId}/test`, { token: ana });
    expect(res.status).toBe(202);
    const deliveryId = String(res.body.deliveryId);
    expect(deliveryId).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    const queued = await listIdsOfUnfinishedJobs(h.database.db, 'webhook.deliver', 'deliveryId', [deliveryId]);
    expect([...queued]).toEqual([deliveryId]);
    const list = await h.request('GET', `/api/me/webhooks/${hookId}/deliveries`, { token: ana });
    expect(list.status).toBe(200);
    expect(list.body.deliveries).toEqual([
      expect.objectContaining({ id: deliveryId, event: 'webhook.test', status: 'pending', attempts: 0, lastStatusCode: null, deliveredAt: null }),
    ]);
  });

  it('DELETE removes the webhook and its deliveries', async () => {
    const res = await h.request('DELETE', `/api/me/webhooks/${hookId}`, { token: ana });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await h.request('GET', `/api/me/webhooks/${hookId}`, { token: ana })).status).toBe(404);
    const [left] = await h.database.sql`select count(*)::int as n from webhook_deliveries`;
    expect(left?.n).toBe(0);
  });
});

describe('/api/me/webhooks where private-network fetching is allowed', () => {
  it('accepts a plain http URL (a receiver on the local network)', async () => {
    const local = await startHarness({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
    try {
      await local.createUser('lokal-hook', 'lokal-hook-password', 'user');
      const token = await local.login('lokal-hook', 'lokal-hook-password');
      const res = await local.request('POST', '/api/me/webhooks', { token, body: { url: 'http://127.0.0.1:9/terima', events: ['scrape.failed'] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } finally {
      await local.close();
    }
  });
});
