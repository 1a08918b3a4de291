import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthClientSecrets, youtubeAccounts, youtubeQuotaUsage } from '@scrapper/db/schema';
import { nextQuotaDayStart, quotaDay } from '@scrapper/contracts/rules/youtube-quota';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { eq } from 'drizzle-orm';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { fakeGoogleEnv } from '../../../test/youtube.ts';

let h: Harness;
let fake: FakeGoogle;
let admin: string;
let alice: string;
let aliceId: string;

const SECRET = 'GOCSPX-abcdefghijklmnop-WXYZ';

beforeAll(async () => {
  fake = await startFakeGoogle({ geminiKeys: ['gem-key-valid-0000000001', 'gem-key-valid-0000000002'] });
  h = await startHarness(fakeGoogleEnv(fake));
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe('client secrets (admin)', () => {
  it('creates with defaults, masks the secret and seals it at rest', async () => {
    const res = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: '  Project A ', clientId: 'a.apps.googleusercontent.com', clientSecret: SECRET },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Project A',
      clientId: 'a.apps.googleusercontent.com',
      clientSecret: '••••WXYZ',
      platform: 'youtube',
      isActive: true,
      redirectUri: `${h.baseUrl}/api/youtube/auth/callback`,
      // Google's 2026 buckets: 100 videos.insert a day beside 10,000 units for the rest.
      quotaDailyUploads: 100,
      quotaDailyUnits: 10000,
      quotaToday: {
        quotaDay: quotaDay(),
        uploadsLimit: 100,
        uploadsUsed: 0,
        uploadsRemaining: 100,
        unitsLimit: 10000,
        unitsUsed: 0,
        unitsRemaining: 10000,
      },
    });
    // The reset is the next midnight in Los Angeles (15:00 or 14:00 WIB).
    expect(res.body.quotaToday.resetsAt).toBe(nextQuotaDayStart().toISOString());
    expect(JSON.stringify(res.body)).not.toContain('abcdefghijklmnop');
    const [row] = await h.database.db.select().from(oauthClientSecrets).where(eq(oauthClientSecrets.id, res.body.id));
    expect(row?.sealedClientSecret).toMatch(/^v1\./);
    expect(row?.sealedClientSecret).not.toContain(SECRET);
  });

  it('updates every field, keeps the stored secret when the new one is empty, and lists today’s quota use', async () => {
    const created = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'Project B', clientId: 'b.apps.googleusercontent.com', clientSecret: 'GOCSPX-bbbbbbbbbbbbbbbb-1111', redirectUri: 'https://scrapper.example.com/api/youtube/auth/callback' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const [before] = await h.database.db.select().from(oauthClientSecrets).where(eq(oauthClientSecrets.id, id));

    const updated = await h.request('PUT', `/api/admin/client-secrets/${id}`, {
      token: admin,
      body: { name: 'Project B2', clientId: 'b2.apps.googleusercontent.com', clientSecret: '', isActive: false, quotaDailyUploads: 250, quotaDailyUnits: 20000, redirectUri: 'https://other.example.com/cb' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Project B2', clientId: 'b2.apps.googleusercontent.com', clientSecret: '••••1111', isActive: false, quotaDailyUploads: 250, quotaDailyUnits: 20000, redirectUri: 'https://other.example.com/cb' });
    const [after] = await h.database.db.select().from(oauthClientSecrets).where(eq(oauthClientSecrets.id, id));
    expect(after?.sealedClientSecret).toBe(before?.sealedClientSecret);

    const replaced = await h.request('PUT', `/api/admin/client-secrets/${id}`, {
      token: admin,
      body: { name: 'Project B2', clientId: 'b2.apps.googleusercontent.com', clientSecret: 'GOCSPX-new-secret-value-9876', isActive: false },
    });
    expect(replaced.body.clientSecret).toBe('••••9876');
    // An absent redirectUri on update keeps the registered one, absent quotas keep theirs.
    expect(replaced.body.redirectUri).toBe('https://other.example.com/cb');
    expect(replaced.body).toMatchObject({ quotaDailyUploads: 250, quotaDailyUnits: 20000 });

    await h.database.db.insert(youtubeQuotaUsage).values([
      { clientSecretId: id, quotaDay: quotaDay(), unitsUsed: 3200, uploads: 2 },
      { clientSecretId: id, quotaDay: '2020-01-01', unitsUsed: 9999, uploads: 9 },
    ]);
    const list = await h.request('GET', '/api/admin/client-secrets', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.find((c: { id: string }) => c.id === id).quotaToday).toMatchObject({
      uploadsUsed: 2,
      uploadsRemaining: 248,
      unitsUsed: 3200,
      unitsRemaining: 16800,
    });
  });

  it('answers 400 naming the quota setting and its range for values out of range, and changes nothing', async () => {
    const created = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'Quota', clientId: 'q.apps.googleusercontent.com', clientSecret: SECRET, quotaDailyUploads: 1, quotaDailyUnits: 100_000_000 },
    });
    // Both ends of each range are accepted.
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ quotaDailyUploads: 1, quotaDailyUnits: 100_000_000 });
    const id = created.body.id as string;
    const rowsBefore = await h.database.db.select().from(oauthClientSecrets);
    const base = { name: 'Quota', clientId: 'q.apps.googleusercontent.com' };
    const uploads = /body\.quotaDailyUploads: Kuota unggahan harian \(videos\.insert\) harus bilangan bulat dari 1 sampai 100\.000\./;
    const units = /body\.quotaDailyUnits: Kuota unit harian harus bilangan bulat dari 1 sampai 100\.000\.000\./;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ quotaDailyUploads: 0 }, uploads],
      [{ quotaDailyUploads: -5 }, uploads],
      [{ quotaDailyUploads: 100_001 }, uploads],
      [{ quotaDailyUploads: 2.5 }, uploads],
      [{ quotaDailyUploads: '100' }, uploads],
      [{ quotaDailyUnits: 0 }, units],
      [{ quotaDailyUnits: 100_000_001 }, units],
      [{ quotaDailyUnits: 99.5 }, units],
    ];
    for (const [quota, message] of cases) {
      const create = await h.request('POST', '/api/admin/client-secrets', { token: admin, body: { ...base, clientSecret: SECRET, ...quota } });
      expect(create.status, JSON.stringify(quota)).toBe(400);
      expect(create.body.message).toMatch(message);
      const update = await h.request('PUT', `/api/admin/client-secrets/${id}`, { token: admin, body: { ...base, ...quota } });
      expect(update.status, JSON.stringify(quota)).toBe(400);
      expect(update.body.message).toMatch(message);
    }
    // The retired per-upload cost is no setting any more: ignored like any unknown field.
    const old = await h.request('PUT', `/api/admin/client-secrets/${id}`, { token: admin, body: { ...base, quotaUploadUnits: 1600 } });
    expect(old.status).toBe(200);
    expect(old.body).not.toHaveProperty('quotaUploadUnits');
    expect(await h.database.db.select().from(oauthClientSecrets)).toEqual(rowsBefore.map((r) => (r.id === id ? { ...r, updatedAt: expect.any(Date) } : r)));
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const count = async () => (await h.database.db.select().from(oauthClientSecrets)).length;
    const before = await count();
    const cases: Array<[unknown, RegExp]> = [
      [{ clientId: 'x', clientSecret: SECRET }, /name/i],
      [{ name: 'X', clientSecret: SECRET }, /clientId/],
      [{ name: 'X', clientId: 'x' }, /Client Secret wajib diisi/],
      [{ name: 'X', clientId: 'x', clientSecret: SECRET, redirectUri: 'javascript:alert(1)' }, /redirectUri/],
      // TikTok and Meta apps are clients too since issue 33; Instagram is no app of its own.
      [{ name: 'X', clientId: 'x', clientSecret: SECRET, platform: 'instagram' }, /platform/],
    ];
    for (const [body, message] of cases) {
      const res = await h.request('POST', '/api/admin/client-secrets', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await count()).toBe(before);
    const missing = await h.request('PUT', '/api/admin/client-secrets/5b2a6f0e-2f44-4d8a-9f3e-1c1c1c1c1c1c', {
      token: admin,
      body: { name: 'X', clientId: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('shows members only the active clients, by id and name', async () => {
    const options = await h.request('GET', '/api/youtube/client-secrets', { token: alice });
    expect(options.status).toBe(200);
    expect(options.body.length).toBeGreaterThan(0);
    for (const option of options.body) expect(Object.keys(option).sort()).toEqual(['id', 'name']);
    expect(options.body.map((o: { name: string }) => o.name)).not.toContain('Project B2');
    expect((await h.request('GET', '/api/admin/client-secrets', { token: alice })).status).toBe(403);
  });

  it('deleting a client keeps its accounts but marks them as needing a new connection', async () => {
    const created = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'Doomed', clientId: 'd.apps.googleusercontent.com', clientSecret: SECRET },
    });
    const id = created.body.id as string;
    const [account] = await h.database.db
      .insert(youtubeAccounts)
      .values({ userId: aliceId, clientSecretId: id, channelId: 'UCdoomed', accountName: 'Doomed channel', sealedTokens: 'v1.x.y.z' })
      .returning();
    const res = await h.request('DELETE', `/api/admin/client-secrets/${id}`, { token: admin });
    expect(res.status).toBe(200);
    const [after] = await h.database.db.select().from(youtubeAccounts).where(eq(youtubeAccounts.id, account?.id ?? ''));
    expect(after).toMatchObject({ clientSecretId: null, isValid: false });
    expect((await h.request('DELETE', `/api/admin/client-secrets/${id}`, { token: admin })).status).toBe(404);
  });
});

describe('Gemini keys (admin)', () => {
  it('adds, lists masked, validates, activates and deletes like the Apify keys', async () => {
    const first = await h.request('POST', '/api/admin/gemini-keys', { token: admin, body: { key: 'gem-key-valid-0000000001' } });
    expect(first.status).toBe(201);
    // Validated at once (issue 20).
    expect(first.body).toMatchObject({ type: 'gemini', key: '…0001', isActive: true, isValid: true, status: 'valid' });
    const second = await h.request('POST', '/api/admin/gemini-keys', { token: admin, body: { key: 'gem-key-wrong-0000000003' } });
    expect(second.body).toMatchObject({ isActive: false, isValid: false, status: 'invalid' });

    const list = await h.request('GET', '/api/admin/gemini-keys', { token: admin });
    expect(list.body.map((k: { key: string }) => k.key)).toEqual(['…0001', '…0003']);
    expect(JSON.stringify(list.body)).not.toContain('gem-key');
    // Apify's list is another type's.
    expect((await h.request('GET', '/api/keys', { token: admin })).body).toEqual([]);

    const valid = await h.request('POST', `/api/admin/gemini-keys/${first.body.id}/validate`, { token: admin });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ isValid: true });
    const invalid = await h.request('POST', `/api/admin/gemini-keys/${second.body.id}/validate`, { token: admin });
    expect(invalid.body).toMatchObject({ isValid: false });
    expect(invalid.body.validationMessage).toMatch(/tidak valid/i);

    const active = await h.request('PUT', `/api/admin/gemini-keys/${second.body.id}/set-active`, { token: admin });
    expect(active.body.isActive).toBe(true);
    const removed = await h.request('DELETE', `/api/admin/gemini-keys/${second.body.id}`, { token: admin });
    expect(removed.status).toBe(200);
    const left = await h.request('GET', '/api/admin/gemini-keys', { token: admin });
    expect(left.body).toHaveLength(1);
    expect(left.body[0]).toMatchObject({ id: first.body.id, isActive: true });
    expect((await h.request('DELETE', `/api/admin/gemini-keys/${second.body.id}`, { token: admin })).status).toBe(404);
    expect((await h.request('GET', '/api/admin/gemini-keys', { token: alice })).status).toBe(403);
  });
});

describe('content generation', () => {
  it('writes a title, description and tags with the active key, for members too', async () => {
    fake.setGeminiReply(JSON.stringify({ title: 'Kucing Lucu Bikin Ngakak', description: 'Video kucing paling lucu minggu ini.', tags: ['kucing', 'lucu', 'hewan'] }));
    const res = await h.request('POST', '/api/admin/generate-content', { token: alice, body: { originalTitle: 'funny cat compilation' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Kucing Lucu Bikin Ngakak', tags: ['kucing', 'lucu', 'hewan'], usedDefaults: false });
    expect(res.body.description).toMatch(/^Video kucing paling lucu minggu ini\.[\s\S]*#YouTube #Viral #Trending$/);
    expect(fake.geminiCalls.at(-1)?.apiKey).toBe('gem-key-valid-0000000001');
  });

  it('says when the defaults filled in for Gemini', async () => {
    fake.setGeminiReply(JSON.stringify({ title: 'Judul Baru' }));
    const res = await h.request('POST', '/api/admin/generate-content', { token: alice, body: { originalTitle: 'asli' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Judul Baru', tags: ['youtube', 'viral', 'trending'], usedDefaults: true });
    fake.setGeminiReply(undefined);
  });

  it('refuses an empty title, and answers 503 when Gemini is down', async () => {
    const empty = await h.request('POST', '/api/admin/generate-content', { token: alice, body: { originalTitle: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Judul asli wajib diisi/);
    fake.failNext('gemini.generateContent', { status: 503 });
    const down = await h.request('POST', '/api/admin/generate-content', { token: alice, body: { originalTitle: 'judul' } });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/Gemini/);
  });

  it('answers 400 with a clear message when no key is active', async () => {
    const keys = await h.request('GET', '/api/admin/gemini-keys', { token: admin });
    for (const key of keys.body) await h.request('DELETE', `/api/admin/gemini-keys/${key.id}`, { token: admin });
    const res = await h.request('POST', '/api/admin/generate-content', { token: alice, body: { originalTitle: 'judul' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Belum ada API key Gemini yang aktif. Tambahkan di halaman Admin.');
  });
});
