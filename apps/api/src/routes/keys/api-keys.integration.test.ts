// Adding a key validates it at once (issue 20): label, last four characters, status and the
// time of the check on every row; a valid new key takes over from an invalid active one; a
// failed Validasi says "invalid" with the reason; the same key twice is refused. Real app,
// real database, apify-client against the fake Apify.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeys } from '@scrapper/db/schema';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startHarness, type Harness } from '../../../test/harness.ts';

const VALID = 'apify_api_valid_token_aaaa1111';
const SECOND = 'apify_api_valid_token_bbbb2222';
const UNKNOWN = 'apify_api_unknown_token_cccc3333';

let apify: FakeApify;
let h: Harness;
let admin: string;
let member: string;

beforeAll(async () => {
  apify = await startFakeApify({ tokens: { [VALID]: 'pemilik-utama', [SECOND]: 'pemilik-kedua' } });
  h = await startHarness({ APIFY_BASE_URL: apify.baseUrl });
  await h.createUser('kunci-admin', 'kunci-admin-password', 'admin');
  await h.createUser('kunci-member', 'kunci-member-password', 'user');
  admin = await h.login('kunci-admin', 'kunci-admin-password');
  member = await h.login('kunci-member', 'kunci-member-password');
});
afterAll(async () => {
  await h?.close();
  await apify?.close();
});
beforeEach(async () => {
  apify.reset();
  await h.database.db.delete(apiKeys);
});

const add = (body: unknown, token = admin) => h.request('POST', '/api/keys', { token, body });
const list = async () => (await h.request('GET', '/api/keys', { token: admin })).body as Array<Record<string, unknown>>;
const count = async () => (await h.database.db.select().from(apiKeys)).length;

describe('POST /api/keys', () => {
  it('validates the new key at once and shows its label, last four characters, status and check time', async () => {
    const before = Date.now();
    const res = await add({ key: VALID, label: '  Akun utama  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      key: '…1111',
      label: 'Akun utama',
      isActive: true,
      isValid: true,
      status: 'valid',
      validationMessage: 'Valid (akun pemilik-utama).',
    });
    expect(Date.parse(res.body.lastValidated as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.createdAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(apify.requests.map((r) => r.endpoint)).toEqual(['user.me']);
    expect(JSON.stringify(await list())).not.toContain(VALID);
  });

  it('keeps a refused key, marked invalid with the reason; no label is null', async () => {
    const res = await add({ key: UNKNOWN });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ key: '…3333', label: null, isValid: false, status: 'invalid' });
    // One Indonesian sentence; Apify's own words only under "Detail" (issue 31 item 6).
    expect(res.body.validationMessage).toMatch(/^Tidak valid: Apify menolak token ini/);
    expect(res.body.validationMessage).not.toMatch(/token is not valid/);
    expect(res.body.validationDetail).toBe('User was not found or authentication token is not valid');
  });

  it('a refused first key is not made active; a valid new key becomes active, and a valid active key is left alone', async () => {
    const bad = await add({ key: UNKNOWN, label: 'Lama' });
    expect(bad.body).toMatchObject({ isActive: false, status: 'invalid' });
    expect((await list()).filter((k) => k.isActive)).toEqual([]);
    const good = await add({ key: VALID, label: 'Baru' });
    expect(good.body).toMatchObject({ isActive: true, status: 'valid' });
    const second = await add({ key: SECOND });
    expect(second.body).toMatchObject({ isActive: false, status: 'valid' });
    const rows = await list();
    expect(rows.filter((k) => k.isActive).map((k) => k.label)).toEqual(['Baru']);
  });

  it('refuses the same key twice (409) and stores nothing', async () => {
    await add({ key: VALID, label: 'Satu' });
    const again = await add({ key: VALID, label: 'Dua' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Kunci ini sudah tersimpan (…1111, Satu).');
    expect(await count()).toBe(1);
  });

  it('an Apify that cannot answer at add time is no verdict: "Belum dapat dicek", Apify\'s words as the detail, the first key stays active', async () => {
    apify.fault({ endpoint: 'user.me', status: 503, times: 5 });
    const res = await add({ key: VALID });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'unavailable', isValid: null, isActive: true });
    expect(res.body.validationMessage).toMatch(/^Belum dapat dicek: Apify tidak dapat dihubungi atau sedang bermasalah/);
    expect(res.body.validationDetail).toEqual(expect.any(String));
    // A network error is no verdict either.
    await h.database.db.delete(apiKeys);
    apify.fault({ endpoint: 'user.me', resetConnection: true, times: 5 });
    const cut = await add({ key: VALID });
    expect(cut.body).toMatchObject({ status: 'unavailable', isValid: null });
    // The setup checklist waits for a key known to work, and completes its item once one does.
    const apifyItem = async () => ((await h.request('GET', '/api/admin/setup-status', { token: admin })).body as { items: Array<{ id: string; done: boolean }> }).items.find((i) => i.id === 'apify-key');
    expect(await apifyItem()).toMatchObject({ done: false });
    apify.reset();
    const again = await h.request('POST', `/api/keys/${cut.body.id as string}/validate`, { token: admin });
    expect(again.body).toMatchObject({ status: 'valid', isValid: true, validationDetail: null });
    expect(await apifyItem()).toMatchObject({ done: true });
  });

  it('refuses a bad label or key with a clear 400 and stores nothing', async () => {
    for (const body of [
      { key: VALID, label: 'x'.repeat(61) },
      { key: VALID, label: 42 },
      { key: VALID, label: 'baris\nbaru' },
      { key: 'dua kata' },
      { key: '' },
      {},
    ]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/Label|API key|body/);
    }
    expect(await count()).toBe(0);
    expect(apify.requests).toEqual([]);
  });

  it('is for admins only: members get 403 and nothing is stored', async () => {
    expect((await add({ key: VALID }, member)).status).toBe(403);
    expect((await h.request('GET', '/api/keys', { token: member })).status).toBe(403);
    expect(await count()).toBe(0);
  });
});

describe('POST /api/keys/:id/validate', () => {
  it('a validation that could not run says "Belum dapat dicek" with the reason, not "Tidak valid"; the next one that runs sets it right', async () => {
    const { body } = await add({ key: VALID });
    apify.fault({ endpoint: 'user.me', status: 503, times: 5 });
    const res = await h.request('POST', `/api/keys/${body.id as string}/validate`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'unavailable', isValid: null });
    expect(res.body.validationMessage).toMatch(/^Belum dapat dicek: /);
    apify.reset();
    const again = await h.request('POST', `/api/keys/${body.id as string}/validate`, { token: admin });
    expect(again.body).toMatchObject({ status: 'valid', isValid: true });
  });

  it('answers 404 for an unknown key', async () => {
    const res = await h.request('POST', '/api/keys/00000000-0000-4000-8000-000000000000/validate', { token: admin });
    expect(res.status).toBe(404);
  });
});
