// Issue 20, item 2 and the scraping parts of items 4 and 5: what a task kept (counts, warning)
// and why it failed (sentence + Apify's detail) on every read; "Coba Lagi" (POST
// /api/scrape/retry/:id); URL targets outside the platform's domains; whether members can
// scrape at all (GET /api/scrape/readiness). Real API, PostgreSQL and pg-boss; the seeded
// actor configs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '@scrapper/db/schema';
import { completeScrapeTask, failScrapeTask, findScrapeTask, markScrapeTaskActive, setScrapeTaskRun } from '@scrapper/db/queries/scrape-tasks';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { seedActorConfigs } from '../../services/actor-configs/seed-actor-configs.ts';

let h: Harness;
let fake: FakeApify;
let admin: string;
let alice: string;
let aliceId: string;
let bob: string;

const tiktokKeyword = (target: string) => ({
  actorId: 'clockworks/tiktok-scraper',
  input: { searchQueries: target, resultsPerPage: 7 },
  platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
});
const urlStart = (platformId: string, actorId: string, key: string, targets: string | string[]) => ({
  actorId,
  input: { [key]: targets },
  platformInfo: { platformId, displayName: platformId, scrapeType: 'url' },
});

beforeAll(async () => {
  fake = await startFakeApify();
  h = await startHarness({ APIFY_BASE_URL: fake.baseUrl });
  await seedActorConfigs(h.database);
  await h.createUser('kepala', 'kepala-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('kepala', 'kepala-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

async function taskCount(): Promise<number> {
  const rows = await h.database.sql`select count(*)::int as n from scrape_tasks`;
  return rows[0]?.n ?? 0;
}

async function start(token: string, body: unknown): Promise<string> {
  const res = await h.request('POST', '/api/scrape/start', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.taskId as string;
}

describe('URL targets outside the platform', () => {
  it("refuses a youtube.com link on TikTok, naming the link, and starts nothing", async () => {
    const before = await taskCount();
    const link = 'https://www.youtube.com/watch?v=a1B2c3D4e5F';
    const res = await h.request('POST', '/api/scrape/start', { token: alice, body: urlStart('tiktok', 'clockworks/tiktok-scraper', 'postURLs', link) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`"${link}" bukan link TikTok. Masukkan URL dari tiktok.com.`);
    expect(await taskCount()).toBe(before);
  });

  it('names the one outsider among several targets, and accepts subdomains', async () => {
    const outsider = 'https://fb.example.com/detikcom';
    const refused = await h.request('POST', '/api/scrape/start', {
      token: alice,
      body: urlStart('facebook', 'apify/facebook-reels-scraper', 'startUrls', ['https://www.facebook.com/detikcom', outsider]),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`"${outsider}" bukan link Facebook`);
    await start(alice, urlStart('tiktok', 'clockworks/tiktok-scraper', 'postURLs', 'https://vm.tiktok.com/ZSabc123/'));
    await start(alice, urlStart('facebook', 'apify/facebook-reels-scraper', 'startUrls', ['https://m.facebook.com/detikcom', 'https://fb.watch/abc/']));
  });

  it('gives the dashboard each platform\'s domains', async () => {
    const config = await h.request('GET', '/api/scrape/config', { token: alice });
    const tiktok = config.body.find((p: { platformId: string }) => p.platformId === 'tiktok');
    expect(tiktok.domains).toEqual(['tiktok.com']);
  });
});

describe('counts, warnings and failures on every read', () => {
  let warned: string;
  let failed: string;

  beforeAll(async () => {
    warned = await start(alice, urlStart('facebook', 'apify/facebook-reels-scraper', 'startUrls', 'https://www.facebook.com/detikcom'));
    await completeScrapeTask(h.database.db, warned, {
      fileName: `facebook_20261126-010203_${warned.replace(/-/g, '').slice(0, 8)}.json`,
      path: 'results/x.json',
      itemCount: 0,
      counts: { found: 40, saved: 0, skipped: { notVideo: 40 } },
      warning: 'Tidak ada item yang disimpan (40 ditemukan, 0 disimpan: 40 bukan video).',
    });
    failed = await start(alice, tiktokKeyword('gagal'));
    await failScrapeTask(h.database.db, failed, 'Apify menolak API key yang aktif.', 0.002, 'HTTP 401, user-or-token-not-found: User was not found or authentication token is not valid');
  });

  it('status says what a task kept, its warning, and a failure as sentence plus detail', async () => {
    const status = await h.request('GET', `/api/scrape/status/${warned}`, { token: alice });
    expect(status.body).toMatchObject({
      state: 'completed',
      counts: { found: 40, saved: 0, skipped: { notVideo: 40 } },
      warning: expect.stringContaining('40 bukan video'),
      error: null,
      errorDetail: null,
      retryOf: null,
    });
    const bad = await h.request('GET', `/api/scrape/status/${failed}`, { token: alice });
    expect(bad.body).toMatchObject({
      state: 'failed',
      counts: null,
      error: 'Apify menolak API key yang aktif.',
      errorDetail: 'HTTP 401, user-or-token-not-found: User was not found or authentication token is not valid',
    });
  });

  it('the history carries the same, so a reload still shows why', async () => {
    const history = await h.request('GET', '/api/scrape/history', { token: alice });
    expect(history.body.history.find((r: { jobId: string }) => r.jobId === warned)).toMatchObject({
      status: 'completed',
      counts: { found: 40, saved: 0, skipped: { notVideo: 40 } },
      warning: expect.stringContaining('bukan video'),
    });
    expect(history.body.history.find((r: { jobId: string }) => r.jobId === failed)).toMatchObject({
      status: 'failed',
      error: 'Apify menolak API key yang aktif.',
      errorDetail: expect.stringContaining('user-or-token-not-found'),
    });
  });

  it('active tasks carry the fields too (null until the run ends)', async () => {
    const running = await start(alice, tiktokKeyword('masih jalan'));
    const active = await h.request('GET', '/api/scrape/active-tasks', { token: alice });
    expect(active.body.find((t: { id: string }) => t.id === running)).toMatchObject({ counts: null, warning: null, error: null, errorDetail: null });
  });
});

describe('POST /api/scrape/retry/:id', () => {
  async function failedTask(token: string, target: string): Promise<string> {
    const id = await start(token, tiktokKeyword(target));
    await failScrapeTask(h.database.db, id, 'Aktor Apify gagal menyelesaikan run.', undefined, 'FAILED: boom');
    return id;
  }

  it('starts a new task with the same platform, targets and options, queued, pointing back at the old one', async () => {
    const old = await failedTask(alice, 'coba lagi');
    const res = await h.request('POST', `/api/scrape/retry/${old}`, { token: alice });
    expect(res.status).toBe(202);
    expect(res.body.taskId).not.toBe(old);
    const status = await h.request('GET', `/api/scrape/status/${res.body.taskId}`, { token: alice });
    expect(status.body).toMatchObject({
      state: 'waiting',
      retryOf: old,
      data: { actorId: 'clockworks/tiktok-scraper', input: { searchQueries: 'coba lagi', resultsPerPage: 7 }, platformInfo: { platformId: 'tiktok', scrapeType: 'keyword' } },
      owner: { username: 'alice' },
    });
    const jobs = await h.database.sql`select count(*)::int as n from pgboss.job where name = 'scrape.run' and data->>'taskId' = ${res.body.taskId}`;
    expect(jobs[0]?.n).toBe(1);
    // The failed task stays as it was, in the history.
    expect((await findScrapeTask(h.database.db, old))?.state).toBe('failed');
  });

  it('retries a cancelled task too', async () => {
    const id = await start(alice, tiktokKeyword('batal lalu ulang'));
    expect((await h.request('POST', `/api/scrape/cancel/${id}`, { token: alice })).status).toBe(200);
    expect((await h.request('POST', `/api/scrape/retry/${id}`, { token: alice })).status).toBe(202);
  });

  it('refuses a waiting or running task (409) and a completed one, and starts nothing', async () => {
    const waiting = await start(alice, tiktokKeyword('menunggu'));
    const running = await start(alice, tiktokKeyword('berjalan'));
    await markScrapeTaskActive(h.database.db, running);
    await setScrapeTaskRun(h.database.db, running, 'run-1', 'dataset-1');
    const done = await start(alice, tiktokKeyword('selesai'));
    await completeScrapeTask(h.database.db, done, { fileName: 'tiktok_20261126-010203_aaaaaaaa.json', path: 'results/y.json', itemCount: 1 });
    const before = await taskCount();
    for (const id of [waiting, running]) {
      const res = await h.request('POST', `/api/scrape/retry/${id}`, { token: alice });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Tugas ini masih berjalan; tunggu sampai selesai atau batalkan dulu.');
    }
    const completed = await h.request('POST', `/api/scrape/retry/${done}`, { token: alice });
    expect(completed.status).toBe(409);
    expect(completed.body.message).toMatch(/hanya tugas yang gagal atau dibatalkan/);
    expect(await taskCount()).toBe(before);
  });

  it("hides another member's task (404) and answers unknown or malformed ids", async () => {
    const alices = await failedTask(alice, 'milik alice');
    const before = await taskCount();
    expect((await h.request('POST', `/api/scrape/retry/${alices}`, { token: bob })).status).toBe(404);
    expect((await h.request('POST', '/api/scrape/retry/00000000-0000-4000-8000-000000000000', { token: alice })).status).toBe(404);
    const malformed = await h.request('POST', '/api/scrape/retry/bukan-uuid', { token: alice });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.message).toBe('string');
    expect((await h.request('POST', `/api/scrape/retry/${alices}`, {})).status).toBe(401);
    expect(await taskCount()).toBe(before);
  });

  it("lets an admin retry a member's task, which stays the member's", async () => {
    const alices = await failedTask(alice, 'admin mengulang');
    const res = await h.request('POST', `/api/scrape/retry/${alices}`, { token: admin });
    expect(res.status).toBe(202);
    expect((await findScrapeTask(h.database.db, res.body.taskId))?.ownerId).toBe(aliceId);
  });

  it('refuses when the platform was switched off since', async () => {
    const old = await start(alice, urlStart('youtube', 'streamers/youtube-scraper', 'startUrls', 'https://www.youtube.com/@x'));
    await failScrapeTask(h.database.db, old, 'Gagal.');
    expect((await h.request('PUT', '/api/admin/apify-config/toggle-active/youtube', { token: admin, body: { isActive: false } })).status).toBe(200);
    try {
      const res = await h.request('POST', `/api/scrape/retry/${old}`, { token: alice });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/YouTube sedang tidak aktif/);
    } finally {
      await h.request('PUT', '/api/admin/apify-config/toggle-active/youtube', { token: admin, body: { isActive: true } });
    }
  });
});

describe('GET /api/scrape/readiness', () => {
  it('tells members whether an active, valid Apify key exists, never the key', async () => {
    await h.database.db.delete(apiKeys);
    expect((await h.request('GET', '/api/scrape/readiness', { token: alice })).body).toEqual({ apifyKey: 'missing' });

    const secret = 'apify_api_rahasia_sekali_12345678';
    const [key] = await h.database.db
      .insert(apiKeys)
      .values({ type: 'apify', sealedKey: 'sealed', lastEight: secret.slice(-8), isActive: true })
      .returning();
    if (!key) throw new Error('no key');
    const unchecked = await h.request('GET', '/api/scrape/readiness', { token: alice });
    expect(unchecked.body).toEqual({ apifyKey: 'unchecked' });
    await h.database.sql`update api_keys set is_valid = false where id = ${key.id}`;
    expect((await h.request('GET', '/api/scrape/readiness', { token: bob })).body).toEqual({ apifyKey: 'invalid' });
    await h.database.sql`update api_keys set is_valid = true where id = ${key.id}`;
    const ready = await h.request('GET', '/api/scrape/readiness', { token: alice });
    expect(ready.body).toEqual({ apifyKey: 'ready' });
    expect(JSON.stringify(ready.body)).not.toContain(secret.slice(-4));
    // An inactive key does not count.
    await h.database.sql`update api_keys set is_active = false where id = ${key.id}`;
    expect((await h.request('GET', '/api/scrape/readiness', { token: admin })).body).toEqual({ apifyKey: 'missing' });
    expect((await h.request('GET', '/api/scrape/readiness', {})).status).toBe(401);
  });
});
