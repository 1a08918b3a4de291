// Issue 29 item 4 (and item 6's webhook URL check): one member's automations and webhook tests
// are bounded, with a clear answer and nothing saved beyond the bound.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActorConfigs } from '../services/actor-configs/seed-actor-configs.ts';
import { automations, webhookDeliveries, webhooks } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let member: string;
let memberId: string;

beforeAll(async () => {
  h = await startHarness({ AUTOMATIONS_MAX_PER_MEMBER: '3' });
  await seedActorConfigs(h.database);
  ({ id: memberId } = await h.createUser('terbatas', 'terbatas-password', 'user'));
  member = await h.login('terbatas', 'terbatas-password');
}, 60_000);
afterAll(() => h.close());

const automation = (name: string) => ({
  name,
  source: { actorId: 'clockworks/tiktok-scraper', input: { searchQueries: ['kucing'] }, platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' } },
  schedule: { kind: 'interval', intervalMinutes: 60 },
  filters: {},
});

describe('bounds per member', () => {
  it('AUTOMATIONS_MAX_PER_MEMBER: the next one is a 409 with the number, saved nowhere; deleting one frees a place', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.request('POST', '/api/automations', { token: member, body: automation(`Otomasi ${i}`) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.id as string);
    }
    // Two at once at the bound: the lock lets exactly none of them through.
    const [a, b] = await Promise.all([
      h.request('POST', '/api/automations', { token: member, body: automation('Lebih 1') }),
      h.request('POST', '/api/automations', { token: member, body: automation('Lebih 2') }),
    ]);
    for (const res of [a, b]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Maksimal 3 otomasi per anggota. Hapus otomasi yang tidak dipakai lagi terlebih dahulu.');
    }
    const stored = await h.database.db.select({ n: count() }).from(automations).where(eq(automations.ownerId, memberId));
    expect(stored[0]?.n).toBe(3);
    expect((await h.request('DELETE', `/api/automations/${made[0]}`, { token: member })).status).toBe(200);
    expect((await h.request('POST', '/api/automations', { token: member, body: automation('Pengganti') })).status).toBe(201);
  });

  it('the setting is read from AUTOMATIONS_MAX_PER_MEMBER', () => {
    expect(h.env.automationsMaxPerMember).toBe(3);
  });

  it('webhook tests: one pending per webhook (409), five a minute per member (429 with Retry-After)', async () => {
    const hooks: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await h.request('POST', '/api/me/webhooks', { token: member, body: { url: `https://penerima-${i}.example.com/hook`, events: ['scrape.completed'] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      hooks.push(res.body.id as string);
    }
    const test = (id: string | undefined) => h.request('POST', `/api/me/webhooks/${id ?? ''}/test`, { token: member });
    expect((await test(hooks[0])).status).toBe(202);
    // No worker runs here: the first test stays pending, so a second one to the same hook waits.
    const again = await test(hooks[0]);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Kiriman uji sebelumnya ke webhook ini masih diproses/);
    for (const id of hooks.slice(1, 5)) expect((await test(id)).status).toBe(202);
    const sixth = await test(hooks[5]);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Paling banyak 5 kiriman uji per menit\. Coba lagi dalam \d+ detik\.$/);
    const wait = Number(sixth.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const deliveries = await h.database.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhooks.ownerId, memberId));
    expect(deliveries[0]?.n).toBe(5);
  });

  it('a webhook URL with credentials is refused when saved, not only at delivery', async () => {
    const res = await h.request('POST', '/api/me/webhooks', { token: member, body: { url: 'https://user:rahasia@penerima.example.com/hook', events: ['scrape.completed'] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/tidak boleh memuat nama pengguna atau password/);
  });
});
