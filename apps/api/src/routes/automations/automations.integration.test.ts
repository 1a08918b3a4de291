// /api/automations (issue 19): owner scope, validation with nothing saved on bad input, run now
// (one run at a time), pause and resume; publishing to any set of the owner's destinations
// (issue 33 item 7), the old single YouTube `accountId` still taken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublishPost } from '@scrapper/db/queries/publish-posts';
import { automations, publishAccounts } from '@scrapper/db/schema';
import { count } from 'drizzle-orm';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../../test/youtube.ts';
import { seedActorConfigs } from '../../services/actor-configs/seed-actor-configs.ts';

let h: Harness;
let fake: FakeGoogle;
let admin: string;
let alice: string;
let bob: string;
let aliceAccount: string;
let bobAccount: string;
let aliceTikTok: string;
let bobFacebook: string;
let aliceId: string;

async function insertPublishAccount(userId: string, platform: 'tiktok' | 'facebook', name: string): Promise<string> {
  const [row] = await h.database.db
    .insert(publishAccounts)
    .values({ userId, platform, remoteId: `${platform}-${name}`, name, sealedTokens: 'tidak-dipakai-di-uji-ini' })
    .returning();
  if (!row) throw new Error('no account');
  return row.id;
}

beforeAll(async () => {
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness(fakeGoogleEnv(fake));
  await seedActorConfigs(h.database);
  await h.createUser('boss', 'boss-password', 'admin');
  const aliceUser = await h.createUser('alice', 'alice-password', 'user');
  aliceId = aliceUser.id;
  const bobUser = await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  const clientSecretId = await createClientSecret(h, admin);
  aliceAccount = await connectAccount(h, alice, clientSecretId);
  bobAccount = await connectAccount(h, bob, clientSecretId);
  aliceTikTok = await insertPublishAccount(aliceUser.id, 'tiktok', 'alice.tiktok');
  bobFacebook = await insertPublishAccount(bobUser.id, 'facebook', 'Halaman Bob');
}, 60_000);
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const source = { actorId: 'clockworks/tiktok-scraper', input: { searchQueries: ['kucing lucu'] }, platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' } };
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Kucing harian',
  source,
  schedule: { kind: 'interval', intervalMinutes: 60 },
  filters: { minPlays: 1000 },
  ...over,
});
const publish = (over: Record<string, unknown> = {}) => ({
  accountId: aliceAccount,
  slots: ['09:00', '18:30'],
  maxPerDay: 2,
  madeForKids: false,
  metadata: { mode: 'template', title: '{title} - {author}' },
  ...over,
});
const stored = async () => (await h.database.db.select({ n: count() }).from(automations))[0]?.n ?? 0;

describe('/api/automations', () => {
  it('creates, lists (admins see every owner), gets, edits and deletes', async () => {
    const created = await h.request('POST', '/api/automations', { token: alice, body: body({ publish: publish({ playlistId: 'PLfakeplaylist000000000000000000001' }) }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Kucing harian',
      status: 'active',
      filters: { minPlays: 1000, skipDownloaded: true, skipDuplicateTitles: true },
      publish: { destinations: [aliceAccount], slots: ['09:00', '18:30'], privacyStatus: 'public' },
      owner: { username: 'alice' },
      lastRun: null,
    });
    const next = Date.parse(created.body.nextRunAt as string);
    expect(next).toBeGreaterThan(Date.now() + 59 * 60_000);
    const id = created.body.id as string;

    const mine = await h.request('GET', '/api/automations', { token: alice });
    expect(mine.body.automations.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await h.request('GET', '/api/automations', { token: bob })).body.automations).toEqual([]);
    const all = await h.request('GET', '/api/automations', { token: admin });
    expect(all.body.automations.find((a: { id: string }) => a.id === id)?.owner.username).toBe('alice');
    expect((await h.request('GET', `/api/automations/${id}`, { token: bob })).status).toBe(404);

    const edited = await h.request('PATCH', `/api/automations/${id}`, { token: alice, body: { name: 'Kucing pagi', schedule: { kind: 'times', times: ['07:00'] } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Kucing pagi', schedule: { kind: 'times', times: ['07:00'] }, filters: { minPlays: 1000 } });
    // 07:00 WIB is 00:00 UTC.
    expect(new Date(edited.body.nextRunAt as string).toISOString().slice(11, 16)).toBe('00:00');

    expect((await h.request('DELETE', `/api/automations/${id}`, { token: bob })).status).toBe(404);
    expect((await h.request('DELETE', `/api/automations/${id}`, { token: alice })).status).toBe(200);
    expect((await h.request('GET', `/api/automations/${id}`, { token: alice })).status).toBe(404);
  });

  it('refuses bad input with a clear Indonesian message and saves nothing', async () => {
    const before = await stored();
    const cases: Array<[unknown, number, RegExp]> = [
      [body({ schedule: { kind: 'interval', intervalMinutes: 10 } }), 400, /15 menit/],
      [body({ schedule: { kind: 'times', times: ['25:00'] } }), 400, /HH:MM/],
      [body({ publish: publish({ slots: ['7:5'] }) }), 400, /HH:MM/],
      [body({ filters: { minDurationSeconds: 90, maxDurationSeconds: 30 } }), 400, /Durasi minimal tidak boleh lebih besar/],
      [body({ source: { ...source, input: { searchQueries: [''] } } }), 400, /Target tidak boleh kosong/],
      [body({ source: { ...source, actorId: 'someone/else' } }), 400, /Platform scraper tidak valid/],
      [body({ publish: publish({ accountId: bobAccount }) }), 404, /Tujuan publikasi tidak ditemukan/],
      [body({ publish: publish({ playlistId: 'PLbukanpunyaku' }) }), 404, /Playlist tidak ditemukan/],
      [body({ publish: publish({ maxPerDay: 3 }) }), 400, /tidak boleh lebih dari jumlah slot/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await h.request('POST', '/api/automations', { token: alice, body: payload });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await stored()).toBe(before);

    // An edit that fails changes nothing either.
    const ok = await h.request('POST', '/api/automations', { token: alice, body: body() });
    const id = ok.body.id as string;
    const bad = await h.request('PATCH', `/api/automations/${id}`, { token: alice, body: { name: 'Baru', publish: publish({ accountId: bobAccount }) } });
    expect(bad.status).toBe(404);
    expect((await h.request('GET', `/api/automations/${id}`, { token: alice })).body).toMatchObject({ name: 'Kucing harian', publish: null });
  });

  it('publishes to any set of the owner\'s destinations; another member\'s or an unknown one is refused and nothing changes', async () => {
    const before = await stored();
    const to = (destinations: unknown, over: Record<string, unknown> = {}) => {
      const { accountId: _accountId, ...rest } = publish(over);
      return body({ publish: { ...rest, destinations } });
    };
    const cases: Array<[unknown, number, RegExp]> = [
      [to([aliceTikTok, bobFacebook]), 404, /Tujuan publikasi tidak ditemukan di akun Anda/],
      [to([crypto.randomUUID()]), 404, /Tujuan publikasi tidak ditemukan di akun Anda/],
      [to([]), 400, /Pilih minimal satu tujuan publikasi/],
      [to([aliceTikTok, aliceTikTok]), 400, /tidak boleh dipilih dua kali/],
      [to(['bukan-uuid']), 400, /body\.publish\.destinations/],
      [to([aliceTikTok], { playlistId: 'PLfakeplaylist000000000000000000001' }), 400, /Playlist hanya berlaku bila salah satu tujuan adalah channel YouTube/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await h.request('POST', '/api/automations', { token: alice, body: payload });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await stored()).toBe(before);

    const created = await h.request('POST', '/api/automations', { token: alice, body: to([aliceTikTok, aliceAccount]) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.publish).toMatchObject({ destinations: [aliceTikTok, aliceAccount] });
    expect(created.body.publish.accountId).toBeUndefined();
    const id = created.body.id as string;
    const bad = await h.request('PATCH', `/api/automations/${id}`, { token: alice, body: { publish: { ...created.body.publish, destinations: [bobFacebook] } } });
    expect(bad.status).toBe(404);
    expect((await h.request('GET', `/api/automations/${id}`, { token: alice })).body.publish.destinations).toEqual([aliceTikTok, aliceAccount]);
    const edited = await h.request('PATCH', `/api/automations/${id}`, { token: alice, body: { publish: { ...created.body.publish, destinations: [aliceTikTok] } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.publish.destinations).toEqual([aliceTikTok]);
  });

  it('runs now once at a time, pauses and resumes', async () => {
    const id = (await h.request('POST', '/api/automations', { token: alice, body: body() })).body.id as string;
    const first = await h.request('POST', `/api/automations/${id}/run`, { token: alice });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const second = await h.request('POST', `/api/automations/${id}/run`, { token: alice });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Otomasi ini sedang berjalan. Tunggu sampai run selesai.');
    expect((await h.request('POST', `/api/automations/${id}/run`, { token: bob })).status).toBe(404);

    const runs = await h.request('GET', `/api/automations/${id}/runs`, { token: alice });
    expect(runs.body.runs).toHaveLength(1);
    expect(runs.body.runs[0]).toMatchObject({ id: first.body.runId, trigger: 'manual', status: 'running', stage: 'queued' });
    const run = await h.request('GET', `/api/automations/${id}/runs/${first.body.runId}`, { token: alice });
    expect(run.body).toMatchObject({ id: first.body.runId, uploads: [], posts: [], counts: { found: 0, new: 0 } });
    // A post the run made, to TikTok now and (over its budget) to a Facebook Page tomorrow: the
    // run shows every destination, not only YouTube's uploads.
    const later = new Date(Date.now() + 86_400_000);
    await h.database.transaction(({ db }) =>
      insertPublishPost(db, { userId: aliceId, serverFileId: null, caption: 'Kucing lucu #1', automationRunId: first.body.runId as string }, [
        { platform: 'tiktok', accountId: aliceTikTok, options: { mode: 'inbox' } },
        { platform: 'youtube', youtubeAccountId: aliceAccount, options: {}, scheduledAt: later },
      ]),
    );
    const withPost = await h.request('GET', `/api/automations/${id}/runs/${first.body.runId}`, { token: alice });
    expect(withPost.status, JSON.stringify(withPost.body)).toBe(200);
    expect(withPost.body.posts).toHaveLength(1);
    expect(withPost.body.posts[0]).toMatchObject({ caption: 'Kucing lucu #1' });
    expect(withPost.body.posts[0].targets).toHaveLength(2);
    expect(withPost.body.posts[0].targets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'tiktok', accountName: 'alice.tiktok', status: 'queued', mode: 'inbox', scheduledAt: null }),
        expect.objectContaining({ platform: 'youtube', status: 'queued', scheduledAt: later.toISOString() }),
      ]),
    );
    expect((await h.request('GET', `/api/automations/${id}/runs/${first.body.runId}`, { token: bob })).status).toBe(404);

    const paused = await h.request('POST', `/api/automations/${id}/pause`, { token: alice });
    expect(paused.body).toMatchObject({ status: 'paused', nextRunAt: null });
    const resumed = await h.request('POST', `/api/automations/${id}/resume`, { token: alice });
    expect(resumed.body).toMatchObject({ status: 'active', consecutiveFailures: 0 });
    expect(Date.parse(resumed.body.nextRunAt as string)).toBeGreaterThan(Date.now());
  });
});
