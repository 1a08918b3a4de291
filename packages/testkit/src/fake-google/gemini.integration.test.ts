// The real @google/generative-ai (and our models.list fetch), through our adapter, against the
// fake Gemini.
import {
  chooseGeminiModel,
  clearGeminiModelChoices,
  DEFAULT_DESCRIPTION_SUFFIX,
  DEFAULT_TAGS,
  GeminiError,
  generateVideoContent,
  listGeminiModels,
  validateGeminiKey,
} from '@scrapper/integrations/gemini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_GEMINI_MODELS,
  FAKE_GEMINI_NON_TEXT_MODELS,
  RETIRES_AFTER_CHECK_KEY_MARK,
  STALE_LIST_KEY_MARK,
  STALE_LISTED_MODEL,
} from './gemini-api.ts';
import { startFakeGoogle, type FakeGoogle } from './start-fake-google.ts';

let fake: FakeGoogle;
const apiKey = 'AIza-fake-gemini-key';
const textless = 'AIza-fake-key-without-text-models';
const NOT_FOUND = (model: string) =>
  `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`;

beforeAll(async () => {
  fake = await startFakeGoogle({ geminiKeys: [apiKey, textless] });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clearGeminiModelChoices();
});

const base = () => ({ apiKey, baseUrl: fake.urls.geminiBaseUrl });
const generate = (
  originalTitle: string,
  extra: { baseUrl?: string; model?: string; apiKey?: string; configuredModel?: string } = {},
) => generateVideoContent({ ...base(), originalTitle, ...extra });
const endpoints = () => fake.requests.map((r) => r.endpoint);

async function rejection(promise: Promise<unknown>): Promise<GeminiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GeminiError))
    throw new Error(`expected a GeminiError, got ${String(error)}`);
  return error;
}

describe('gemini adapter: choosing a model', () => {
  it('lists every page of the key’s models in Google’s shape', async () => {
    const models = await listGeminiModels({ ...base(), pageSize: 4 });
    expect(models.map((m) => m.id)).toEqual(FAKE_GEMINI_MODELS.map((m) => m.name.slice(7)));
    expect(models[0]).toEqual({
      id: 'gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      supportedGenerationMethods: expect.arrayContaining(['generateContent', 'countTokens']),
    });
    const pages = Math.ceil(FAKE_GEMINI_MODELS.length / 4);
    expect(endpoints()).toEqual(Array(pages).fill('gemini.listModels'));
    expect(fake.requests[0]?.query).toEqual({ pageSize: '4' });
    expect(fake.requests[1]?.query.pageToken).toMatch(/\S/);
  });

  it('with GEMINI_MODEL unset, writes with the newest stable flash model and remembers it', async () => {
    const first = await generate('Kucing oren mencuri ikan', {
      baseUrl: `${fake.urls.geminiBaseUrl}/`,
    });
    expect(first.model).toBe('gemini-3.5-flash');
    expect(first.fallback).toBeNull();
    expect(first.content.title).toBe('Kucing oren mencuri ikan | Wajib Tonton!');
    expect(first.content.description).toMatch(
      /^Saksikan video tentang Kucing oren mencuri ikan\..*\n\n#YouTube #Viral #Trending$/s,
    );
    expect(first.content.tags).toEqual(['kucing', 'oren', 'mencuri', 'ikan', 'video', 'indonesia']);
    const call = fake.geminiCalls[0];
    expect(call).toMatchObject({
      model: 'gemini-3.5-flash',
      apiKey,
      endpoint: 'gemini.generateContent',
    });
    expect(call?.prompt).toContain('Judul asli: Kucing oren mencuri ikan');
    expect(call?.generationConfig).toMatchObject({ responseMimeType: 'application/json' });

    // The choice is kept in memory: the second title goes straight to generateContent.
    await generate('Anjing lucu');
    expect(endpoints()).toEqual([
      'gemini.listModels',
      'gemini.generateContent',
      'gemini.generateContent',
    ]);
    expect(fake.geminiCalls.map((c) => c.model)).toEqual(['gemini-3.5-flash', 'gemini-3.5-flash']);
  });

  it('prefers an older stable flash over a newer preview, and other tiers only without flash', async () => {
    fake.setGeminiModels(['gemini-4-flash-preview', 'gemini-2.5-flash', 'gemini-4-pro']);
    expect((await chooseGeminiModel(base())).model).toBe('gemini-2.5-flash');
    fake.setGeminiModels(['gemini-4-pro', 'gemini-3-pro']);
    expect((await chooseGeminiModel({ ...base(), fresh: true })).model).toBe('gemini-4-pro');
  });

  it('uses GEMINI_MODEL when the key lists it, and says when it does not', async () => {
    const present = await chooseGeminiModel({ ...base(), configuredModel: 'gemini-2.5-pro' });
    expect(present).toMatchObject({ model: 'gemini-2.5-pro', configuredMissing: null });
    const done = await generate('x', { configuredModel: 'gemini-2.5-pro' });
    expect(done.model).toBe('gemini-2.5-pro');
    expect(fake.geminiCalls.at(-1)?.model).toBe('gemini-2.5-pro');

    const absent = await chooseGeminiModel({ ...base(), configuredModel: 'gemini-2.0-flash' });
    expect(absent).toMatchObject({
      model: 'gemini-3.5-flash',
      configuredMissing: 'gemini-2.0-flash',
    });
    await generate('x', { configuredModel: 'gemini-2.0-flash' });
    // The retired model is never asked for.
    expect(fake.geminiCalls.map((c) => c.model)).not.toContain('gemini-2.0-flash');
  });

  it('says so when the key can use no text model', async () => {
    fake.setGeminiKeyModels(textless, [...FAKE_GEMINI_NON_TEXT_MODELS]);
    const error = await rejection(chooseGeminiModel({ ...base(), apiKey: textless }));
    expect(error).toMatchObject({ kind: 'no_text_model', retryable: false });
    expect(error.userMessage).toMatch(/tidak punya akses ke model teks Gemini/);
    const generating = await rejection(generate('x', { apiKey: textless }));
    expect(generating.kind).toBe('no_text_model');
    expect(fake.geminiCalls).toEqual([]);
  });
});

describe('gemini adapter: retired models', () => {
  it('answers 404 NOT_FOUND for gemini-2.0-flash and 1.5 on both endpoints, in Google’s shape', async () => {
    for (const model of [
      'gemini-2.0-flash',
      'gemini-2.0-flash-lite',
      'gemini-1.5-flash',
      'gemini-1.5-pro',
    ]) {
      for (const method of ['generateContent', 'countTokens']) {
        const res = await fetch(`${fake.urls.geminiBaseUrl}/v1beta/models/${model}:${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
          body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hai' }] }] }),
        });
        expect(res.status, `${model}:${method}`).toBe(404);
        expect(await res.json()).toEqual({
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: expect.stringContaining(`models/${model} is not found for API version v1beta`),
          },
        });
      }
    }
    const listed = (await listGeminiModels(base())).map((m) => m.id);
    expect(listed.filter((id) => /^gemini-(2\.0|1\.5)/.test(id))).toEqual([]);
  });

  it('falls back once to a freshly chosen model and says which one replaced which', async () => {
    const result = await generate('Resep rendang', { model: 'gemini-2.0-flash' });
    expect(result.model).toBe('gemini-3.5-flash');
    expect(result.fallback).toMatchObject({
      retired: 'gemini-2.0-flash',
      used: 'gemini-3.5-flash',
    });
    expect(result.fallback?.notice).toBe(
      'Model Gemini gemini-2.0-flash sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai gemini-3.5-flash.',
    );
    expect(result.content.title).toBe('Resep rendang | Wajib Tonton!');
    expect(endpoints()).toEqual([
      'gemini.generateContent',
      'gemini.listModels',
      'gemini.generateContent',
    ]);
    expect(fake.geminiCalls.map((c) => c.model)).toEqual(['gemini-2.0-flash', 'gemini-3.5-flash']);
  });

  it('falls back when the remembered model retires while the product runs', async () => {
    expect((await generate('x')).model).toBe('gemini-3.5-flash');
    fake.retireGeminiModel('gemini-3.5-flash');
    const result = await generate('y');
    expect(result.fallback).toMatchObject({ retired: 'gemini-3.5-flash', used: 'gemini-3-flash' });
    // The new choice is remembered: no 404 and no listing next time.
    fake.requests.length = 0;
    expect((await generate('z')).model).toBe('gemini-3-flash');
    expect(endpoints()).toEqual(['gemini.generateContent']);
  });

  it('falls back only once: a second 404 is the answer', async () => {
    fake.failNext('gemini.generateContent', {
      status: 404,
      message: NOT_FOUND('gemini-3.5-flash'),
    });
    fake.failNext('gemini.generateContent', { status: 404, message: NOT_FOUND('gemini-3-flash') });
    const error = await rejection(generate('x', { model: 'gemini-3.5-flash' }));
    expect(error).toMatchObject({ kind: 'model_not_found', status: 404, retryable: false });
    expect(error.userMessage).toContain('gemini-3-flash');
    expect(endpoints()).toEqual([
      'gemini.generateContent',
      'gemini.listModels',
      'gemini.generateContent',
    ]);
  });

  it('does not take other 4xx answers for a retired model', async () => {
    fake.failNext('gemini.generateContent', {
      status: 400,
      message: 'Request contains an invalid argument.',
    });
    const error = await rejection(generate('x', { model: 'gemini-3.5-flash' }));
    expect(error).toMatchObject({ kind: 'other', status: 400 });
    expect(endpoints()).toEqual(['gemini.generateContent']);
  });
});

describe('gemini adapter: errors and key check', () => {
  it('calls a blocked answer blocked', async () => {
    fake.setGeminiReply({ finishReason: 'SAFETY' });
    expect((await rejection(generate('x'))).kind).toBe('blocked');
    fake.setGeminiReply({ blockReason: 'SAFETY' });
    expect((await rejection(generate('x'))).kind).toBe('blocked');
  });

  it('reads JSON fenced in prose, and fills what is missing with the defaults', async () => {
    fake.setGeminiReply(
      'Tentu! Ini hasilnya:\n```json\n{"title": "Resep Rendang", "description": "Rendang empuk.", "tags": ["#rendang", "Rendang", "masak"]}\n```\nSemoga membantu.',
    );
    expect((await generate('rendang')).content).toEqual({
      title: 'Resep Rendang',
      description: `Rendang empuk.\n\n${DEFAULT_DESCRIPTION_SUFFIX}`,
      tags: ['rendang', 'masak'],
    });
    const long = 'Judul yang sangat panjang '.repeat(6).trim();
    fake.setGeminiReply('{"title": "", "tags": []}');
    expect((await generate(long)).content).toEqual({
      title: long.slice(0, 100).trimEnd(),
      description: `${long}\n\n${DEFAULT_DESCRIPTION_SUFFIX}`,
      tags: [...DEFAULT_TAGS],
    });
  });

  it('tells an invalid key, exhausted quota and a failing service apart', async () => {
    const invalid = await rejection(generate('x', { apiKey: 'wrong' }));
    expect(invalid).toMatchObject({ kind: 'invalid_key', status: 400, retryable: false });
    expect(invalid.userMessage).toContain('tidak valid');
    const invalidOnCall = await rejection(
      generate('x', { apiKey: 'wrong', model: 'gemini-3.5-flash' }),
    );
    expect(invalidOnCall).toMatchObject({ kind: 'invalid_key', status: 400 });

    fake.failNext('gemini.generateContent', { status: 429 });
    expect(await rejection(generate('x'))).toMatchObject({ kind: 'quota', retryable: true });
    fake.failNext('gemini.generateContent', { status: 503 });
    expect(await rejection(generate('x'))).toMatchObject({ kind: 'server', retryable: true });
    fake.failNext('gemini.listModels', { status: 500 });
    expect(await rejection(chooseGeminiModel({ ...base(), fresh: true }))).toMatchObject({
      kind: 'server',
      status: 500,
    });
  });

  it('validates a key by listing its models and one countTokens with the chosen one', async () => {
    expect(await validateGeminiKey(base())).toMatchObject({
      valid: true,
      message: 'Kunci API Gemini valid.',
      model: 'gemini-3.5-flash',
      noTextModel: false,
    });
    expect(endpoints()).toEqual(['gemini.listModels', 'gemini.countTokens']);
    expect(fake.geminiCalls[0]).toMatchObject({
      endpoint: 'gemini.countTokens',
      model: 'gemini-3.5-flash',
    });

    expect(await validateGeminiKey({ ...base(), apiKey: 'wrong' })).toMatchObject({
      valid: false,
      model: null,
      message: expect.stringContaining('tidak valid'),
    });
    fake.failNext('gemini.countTokens', { status: 429 });
    expect(await validateGeminiKey(base())).toMatchObject({
      valid: true,
      model: 'gemini-3.5-flash',
      message: 'Kunci API Gemini valid, tetapi kuotanya sedang habis.',
    });
    fake.failNext('gemini.listModels', { status: 429 });
    expect(await validateGeminiKey(base())).toMatchObject({ valid: true, model: null });
    fake.failNext('gemini.countTokens', { status: 500 });
    expect((await rejection(validateGeminiKey(base()))).kind).toBe('server');
    fake.failNext('gemini.listModels', { status: 503 });
    expect((await rejection(validateGeminiKey(base()))).kind).toBe('server');

    const closed = await startFakeGoogle();
    await closed.close();
    const offline = await rejection(
      validateGeminiKey({ apiKey, baseUrl: closed.urls.geminiBaseUrl }),
    );
    expect(offline).toMatchObject({ kind: 'network', retryable: true });
  });

  it('tells the admin, naming the models, when the configured or the last model is gone', async () => {
    const configured = await validateGeminiKey({ ...base(), configuredModel: 'gemini-2.0-flash' });
    expect(configured).toMatchObject({ valid: true, model: 'gemini-3.5-flash' });
    expect(configured.message).toBe(
      'Kunci API Gemini valid. GEMINI_MODEL gemini-2.0-flash tidak ada di daftar model kunci ini (sudah dihentikan atau tidak tersedia); yang dipakai gemini-3.5-flash.',
    );
    const last = await validateGeminiKey({ ...base(), currentModel: 'gemini-2.0-flash' });
    expect(last.message).toBe(
      'Kunci API Gemini valid. Model Gemini gemini-2.0-flash sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai gemini-3.5-flash.',
    );
    const same = await validateGeminiKey({ ...base(), currentModel: 'gemini-3.5-flash' });
    expect(same.message).toBe('Kunci API Gemini valid.');

    // Listed, yet answering 404: replaced once.
    fake.failNext('gemini.countTokens', { status: 404, message: NOT_FOUND('gemini-3.5-flash') });
    const probed = await validateGeminiKey(base());
    expect(probed).toMatchObject({ valid: true, model: 'gemini-3-flash' });
    expect(probed.message).toContain('gemini-3.5-flash sudah dihentikan');
  });

  it('refuses a key that can use no text model, by list or by its name', async () => {
    fake.setGeminiKeyModels(textless, [...FAKE_GEMINI_NON_TEXT_MODELS]);
    const check = await validateGeminiKey({ ...base(), apiKey: textless });
    expect(check).toMatchObject({ valid: false, noTextModel: true, model: null });
    expect(check.message).toMatch(/^Kunci API Gemini ini tidak punya akses ke model teks Gemini/);
    expect(fake.geminiCalls).toEqual([]);

    // The e2e suite and the demo pick the scenario by the key's text.
    fake.addGeminiKey('e2e-no-text-model-key');
    const named = await validateGeminiKey({ ...base(), apiKey: 'e2e-no-text-model-key' });
    expect(named).toMatchObject({ valid: false, noTextModel: true });
  });

  it('falls back from a model the list still shows but that answers 404 (a key marked stale)', async () => {
    const stale = `e2e-${STALE_LIST_KEY_MARK}-key`;
    fake.addGeminiKey(stale);
    const listed = (await listGeminiModels({ ...base(), apiKey: stale })).map((m) => m.id);
    expect(listed).toContain(STALE_LISTED_MODEL);
    const check = await validateGeminiKey({ ...base(), apiKey: stale });
    expect(check).toMatchObject({ valid: true, model: 'gemini-3-flash' });
    expect(check.message).toBe(
      `Kunci API Gemini valid. Model Gemini ${STALE_LISTED_MODEL} sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai gemini-3-flash.`,
    );
    clearGeminiModelChoices();
    const generated = await generate('x', { apiKey: stale });
    expect(generated.fallback).toMatchObject({
      retired: STALE_LISTED_MODEL,
      used: 'gemini-3-flash',
    });
  });

  it('a model that retires after the key was checked: the check passes on it, generation falls back once', async () => {
    const key = `e2e-${RETIRES_AFTER_CHECK_KEY_MARK}-key`;
    fake.addGeminiKey(key);
    const check = await validateGeminiKey({ ...base(), apiKey: key });
    expect(check).toMatchObject({ valid: true, model: STALE_LISTED_MODEL });
    const generated = await generate('x', { apiKey: key, model: STALE_LISTED_MODEL });
    expect(generated.fallback).toMatchObject({ retired: STALE_LISTED_MODEL, used: 'gemini-3-flash' });
    expect(generated.model).toBe('gemini-3-flash');
  });
});
