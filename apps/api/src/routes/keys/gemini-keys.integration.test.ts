// Gemini keys choose their model: validation lists the key's models and shows the one
// generation will use; generation uses it (GEMINI_MODEL unset), falls back once when it has
// retired, and tells the member and the admin. Real app, real database, the real SDK against
// the fake Gemini.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys } from '@scrapper/db/schema';
import { clearGeminiModelChoices } from '@scrapper/integrations/gemini';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { fakeGoogleEnv } from '../../../test/youtube.ts';

const KEY = 'gem-key-model-choice-0001';
const TEXTLESS = 'gem-key-no-text-model-0002';
const SECOND = 'gem-key-model-choice-0003';

let fake: FakeGoogle;
let h: Harness;
let admin: string;
let alice: string;

beforeAll(async () => {
  fake = await startFakeGoogle({ geminiKeys: [KEY, TEXTLESS, SECOND, 'gem-key-added-at-once-0004'] });
  h = await startHarness(fakeGoogleEnv(fake));
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  clearGeminiModelChoices();
});

const endpoints = () => fake.requests.map((r) => r.endpoint);
const generate = (originalTitle = 'Kucing oren mencuri ikan') => h.request('POST', '/api/admin/generate-content', { token: alice, body: { originalTitle } });
const keyRow = async (id: string) => (await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];
const setStoredModel = (id: string, model: string | null, checkedAt: Date | null) =>
  h.database.db.update(apiKeys).set({ model, modelCheckedAt: checkedAt }).where(eq(apiKeys.id, id));

/**
 * A key as it was before adding validated at once (or when the add's check found nothing):
 * stored, never checked, no model. POST validates at once (its own test below); these tests
 * are about what validation and generation do with such a key.
 */
async function addKey(key: string): Promise<string> {
  const box = createSecretBox(h.env.secretsKey);
  const hasActive = (await h.database.db.select().from(apiKeys).where(eq(apiKeys.type, 'gemini'))).some((k) => k.isActive);
  const [row] = await h.database.db
    .insert(apiKeys)
    .values({ type: 'gemini', sealedKey: box.seal(key), lastEight: key.slice(-8), isActive: !hasActive })
    .returning();
  if (!row) throw new Error('no key row');
  return row.id;
}

let keyId = '';

describe('validating a Gemini key (GEMINI_MODEL unset)', () => {
  it('shows the model generation will use, and stores it on the key', async () => {
    keyId = await addKey(KEY);
    const res = await h.request('POST', `/api/admin/gemini-keys/${keyId}/validate`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ isValid: true, model: 'gemini-3.5-flash', validationMessage: 'Kunci API Gemini valid.' });
    expect(endpoints()).toEqual(['gemini.listModels', 'gemini.countTokens']);
    const list = await h.request('GET', '/api/admin/gemini-keys', { token: admin });
    expect(list.body[0]).toMatchObject({ id: keyId, model: 'gemini-3.5-flash' });
    const row = await keyRow(keyId);
    expect(row?.modelCheckedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Apify keys have no model.
    const apify = await h.request('POST', '/api/keys', { token: admin, body: { key: 'apify_api_no-model-000000' } });
    expect(apify.body.model).toBeNull();
    await h.request('DELETE', `/api/keys/${apify.body.id}`, { token: admin });
  });

  it('says, naming both, when the model the key used is gone', async () => {
    await setStoredModel(keyId, 'gemini-2.0-flash', new Date());
    const res = await h.request('POST', `/api/admin/gemini-keys/${keyId}/validate`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isValid: true, model: 'gemini-3.5-flash' });
    expect(res.body.validationMessage).toBe(
      'Kunci API Gemini valid. Model Gemini gemini-2.0-flash sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai gemini-3.5-flash.',
    );
  });

  it('answers 422 for a key that can use no text model, and marks it invalid with the reason', async () => {
    const id = await addKey(TEXTLESS);
    const res = await h.request('POST', `/api/admin/gemini-keys/${id}/validate`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Kunci API Gemini ini tidak punya akses ke model teks Gemini mana pun/);
    const listed = (await h.request('GET', '/api/admin/gemini-keys', { token: admin })).body.find((k: { id: string }) => k.id === id);
    expect(listed).toMatchObject({ isValid: false, model: null, validationMessage: res.body.message });
    expect(fake.geminiCalls).toEqual([]);

    // Made active anyway, it cannot generate: a 400 with the same words, no call to a model.
    await h.request('PUT', `/api/admin/gemini-keys/${id}/set-active`, { token: admin });
    const generated = await generate();
    expect(generated.status).toBe(400);
    expect(generated.body.message).toBe(res.body.message);
    expect(fake.geminiCalls).toEqual([]);
    await h.request('DELETE', `/api/admin/gemini-keys/${id}`, { token: admin });
    expect((await keyRow(keyId))?.isActive).toBe(true);
  });

  it('says "Belum dapat dicek" in Indonesian, Gemini\'s words as the detail, keeping its model, when Gemini cannot be asked; a key that then writes content counts as checked', async () => {
    fake.failNext('gemini.listModels', { status: 503, message: 'The service is currently unavailable.' });
    const res = await h.request('POST', `/api/admin/gemini-keys/${keyId}/validate`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isValid: null, status: 'unavailable', model: 'gemini-3.5-flash' });
    expect(res.body.validationMessage).toBe('Belum dapat dicek: Layanan Gemini sedang bermasalah. Coba lagi nanti.');
    expect(res.body.validationDetail).toContain('The service is currently unavailable.');
    // A network error is no verdict either.
    fake.failNext('gemini.listModels', { resetConnection: true });
    const cut = await h.request('POST', `/api/admin/gemini-keys/${keyId}/validate`, { token: admin });
    expect(cut.body).toMatchObject({ isValid: null, status: 'unavailable' });
    expect(cut.body.validationMessage).toMatch(/^Belum dapat dicek: /);
    // The key writes content: it works, and the setup checklist's Gemini item is done.
    expect((await generate()).status).toBe(200);
    const listed = ((await h.request('GET', '/api/admin/gemini-keys', { token: admin })).body as Array<Record<string, unknown>>).find((k) => k.id === keyId);
    expect(listed).toMatchObject({ isValid: true, status: 'valid', validationMessage: 'Kunci API Gemini valid: konten berhasil dibuat dengan kunci ini.', validationDetail: null });
    const setup = (await h.request('GET', '/api/admin/setup-status', { token: admin })).body as { items: Array<{ id: string; done: boolean }> };
    expect(setup.items.find((i) => i.id === 'gemini-key')).toMatchObject({ done: true });
  });
});

describe('generating content with GEMINI_MODEL unset', () => {
  it('writes with the key’s stored model, without listing again', async () => {
    const res = await generate();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Kucing oren mencuri ikan | Wajib Tonton!', usedDefaults: false });
    expect(res.body).not.toHaveProperty('notice');
    expect(endpoints()).toEqual(['gemini.generateContent']);
    expect(fake.geminiCalls.map((c) => c.model)).toEqual(['gemini-3.5-flash']);
  });

  it('chooses and stores the model at the first generation of a key never validated', async () => {
    const id = await addKey(SECOND);
    await h.request('PUT', `/api/admin/gemini-keys/${id}/set-active`, { token: admin });
    const res = await generate();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(endpoints()).toEqual(['gemini.listModels', 'gemini.generateContent']);
    // It wrote content: the key counts as checked (issue 31 item 6).
    expect(await keyRow(id)).toMatchObject({ model: 'gemini-3.5-flash', isValid: true });
    await h.request('PUT', `/api/admin/gemini-keys/${keyId}/set-active`, { token: admin });
    await h.request('DELETE', `/api/admin/gemini-keys/${id}`, { token: admin });
  });

  it('chooses again when the stored choice is more than a day old', async () => {
    await setStoredModel(keyId, 'gemini-2.5-flash', new Date(Date.now() - 25 * 60 * 60 * 1000));
    const res = await generate();
    expect(res.status).toBe(200);
    expect(endpoints()).toEqual(['gemini.listModels', 'gemini.generateContent']);
    expect(fake.geminiCalls.map((c) => c.model)).toEqual(['gemini-3.5-flash']);
    expect((await keyRow(keyId))?.modelCheckedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('falls back once when the stored model has retired, and tells the member and the admin', async () => {
    fake.retireGeminiModel('gemini-3.5-flash');
    const res = await generate('Resep rendang');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notice =
      'Model Gemini gemini-3.5-flash sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai gemini-3-flash.';
    expect(res.body).toMatchObject({ title: 'Resep rendang | Wajib Tonton!', notice });
    expect(fake.geminiCalls.map((c) => c.model)).toEqual(['gemini-3.5-flash', 'gemini-3-flash']);
    const key = (await h.request('GET', '/api/admin/gemini-keys', { token: admin })).body[0];
    expect(key).toMatchObject({ model: 'gemini-3-flash', validationMessage: `Kunci API Gemini valid. ${notice}` });

    // The new model is kept: no 404, no notice the next time.
    fake.requests.length = 0;
    const next = await generate();
    expect(next.body).not.toHaveProperty('notice');
    expect(endpoints()).toEqual(['gemini.generateContent']);
  });

  it('answers 503 naming the model when the replacement is missing too, after one fallback', async () => {
    const notFound = (model: string) => ({
      status: 404,
      message: `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
    });
    await setStoredModel(keyId, 'gemini-3.5-flash', new Date());
    fake.failNext('gemini.generateContent', notFound('gemini-3.5-flash'));
    fake.failNext('gemini.generateContent', notFound('gemini-3-flash'));
    const res = await generate();
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Model Gemini gemini-3-flash tidak ditemukan: sudah dihentikan atau tidak tersedia untuk kunci ini.');
    expect(endpoints()).toEqual(['gemini.generateContent', 'gemini.listModels', 'gemini.generateContent']);
  });
});

describe('adding a Gemini key', () => {
  it('validates it at once: status, model and label on the new row', async () => {
    const res = await h.request('POST', '/api/admin/gemini-keys', { token: admin, body: { key: 'gem-key-added-at-once-0004', label: 'Proyek AI' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ key: '…0004', label: 'Proyek AI', status: 'valid', isValid: true, model: 'gemini-3.5-flash' });
    expect(res.body.lastValidated).not.toBeNull();
    expect(endpoints()).toEqual(['gemini.listModels', 'gemini.countTokens']);
    await h.request('DELETE', `/api/admin/gemini-keys/${res.body.id as string}`, { token: admin });
  });
});

describe('GEMINI_MODEL set', () => {
  let h2: Harness;
  let token = '';
  let id = '';
  beforeAll(async () => {
    h2 = await startHarness({ ...fakeGoogleEnv(fake), GEMINI_MODEL: 'gemini-2.5-pro' });
    await h2.createUser('root', 'root-password', 'admin');
    token = await h2.login('root', 'root-password');
    id = (await h2.request('POST', '/api/admin/gemini-keys', { token, body: { key: KEY } })).body.id as string;
  });
  afterAll(async () => {
    await h2?.close();
  });

  it('uses it when the key lists it', async () => {
    const valid = await h2.request('POST', `/api/admin/gemini-keys/${id}/validate`, { token });
    expect(valid.body).toMatchObject({ model: 'gemini-2.5-pro', validationMessage: 'Kunci API Gemini valid.' });
    const res = await h2.request('POST', '/api/admin/generate-content', { token, body: { originalTitle: 'x' } });
    expect(res.status).toBe(200);
    expect(fake.geminiCalls.at(-1)?.model).toBe('gemini-2.5-pro');
  });

  it('chooses another and says why when the key does not list it', async () => {
    fake.retireGeminiModel('gemini-2.5-pro');
    const valid = await h2.request('POST', `/api/admin/gemini-keys/${id}/validate`, { token });
    expect(valid.body).toMatchObject({ isValid: true, model: 'gemini-3.5-flash' });
    expect(valid.body.validationMessage).toBe(
      'Kunci API Gemini valid. GEMINI_MODEL gemini-2.5-pro tidak ada di daftar model kunci ini (sudah dihentikan atau tidak tersedia); yang dipakai gemini-3.5-flash.',
    );
    const res = await h2.request('POST', '/api/admin/generate-content', { token, body: { originalTitle: 'x' } });
    expect(res.status).toBe(200);
    expect(fake.geminiCalls.map((c) => c.model)).toEqual(['gemini-3.5-flash', 'gemini-3.5-flash']);
  });
});
