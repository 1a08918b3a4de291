// The real @google/generative-ai, through our adapter, against the fake Gemini.
import {
  DEFAULT_DESCRIPTION_SUFFIX,
  DEFAULT_TAGS,
  GeminiError,
  generateVideoContent,
  validateGeminiKey,
} from '@scrapper/integrations/gemini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from './start-fake-google.ts';

let fake: FakeGoogle;
const apiKey = 'AIza-fake-gemini-key';

beforeAll(async () => {
  fake = await startFakeGoogle({ geminiKeys: [apiKey] });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const generate = (
  originalTitle: string,
  extra: { baseUrl?: string; model?: string; apiKey?: string } = {},
) => generateVideoContent({ apiKey, baseUrl: fake.urls.geminiBaseUrl, originalTitle, ...extra });

async function rejection(promise: Promise<unknown>): Promise<GeminiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GeminiError))
    throw new Error(`expected a GeminiError, got ${String(error)}`);
  return error;
}

describe('gemini adapter: content', () => {
  it('asks gemini-2.0-flash for JSON about the title and returns it with the hashtag suffix', async () => {
    const content = await generate('Kucing oren mencuri ikan', {
      baseUrl: `${fake.urls.geminiBaseUrl}/`,
    });
    expect(content.title).toBe('Kucing oren mencuri ikan | Wajib Tonton!');
    expect(content.description).toMatch(
      /^Saksikan video tentang Kucing oren mencuri ikan\..*\n\n#YouTube #Viral #Trending$/s,
    );
    expect(content.tags).toEqual(['kucing', 'oren', 'mencuri', 'ikan', 'video', 'indonesia']);

    const call = fake.geminiCalls[0];
    expect(call).toMatchObject({
      model: 'gemini-2.0-flash',
      apiKey,
      endpoint: 'gemini.generateContent',
    });
    expect(call?.prompt).toContain('Judul asli: Kucing oren mencuri ikan');
    expect(call?.generationConfig).toMatchObject({ responseMimeType: 'application/json' });
  });

  it('reads JSON fenced in prose, and fills what is missing with the defaults', async () => {
    fake.setGeminiReply(
      'Tentu! Ini hasilnya:\n```json\n{"title": "Resep Rendang", "description": "Rendang empuk.", "tags": ["#rendang", "Rendang", "masak"]}\n```\nSemoga membantu.',
    );
    expect(await generate('rendang')).toEqual({
      title: 'Resep Rendang',
      description: `Rendang empuk.\n\n${DEFAULT_DESCRIPTION_SUFFIX}`,
      tags: ['rendang', 'masak'],
    });

    const long = 'Judul yang sangat panjang '.repeat(6).trim();
    fake.setGeminiReply('{"title": "", "tags": []}');
    expect(await generate(long)).toEqual({
      title: long.slice(0, 100).trimEnd(),
      description: `${long}\n\n${DEFAULT_DESCRIPTION_SUFFIX}`,
      tags: [...DEFAULT_TAGS],
    });

    fake.setGeminiReply('Maaf, saya tidak bisa.');
    expect((await generate('Apa saja')).tags).toEqual([...DEFAULT_TAGS]);
  });

  it('uses the model it is given', async () => {
    await generate('x', { model: 'gemini-2.5-flash' });
    expect(fake.geminiCalls[0]?.model).toBe('gemini-2.5-flash');
    const unknown = await rejection(generate('x', { model: 'no-such-model' }));
    expect(unknown).toMatchObject({ kind: 'other', status: 404, retryable: false });
  });
});

describe('gemini adapter: errors and key check', () => {
  it('calls a blocked answer blocked', async () => {
    fake.setGeminiReply({ finishReason: 'SAFETY' });
    expect((await rejection(generate('x'))).kind).toBe('blocked');
    fake.setGeminiReply({ blockReason: 'SAFETY' });
    expect((await rejection(generate('x'))).kind).toBe('blocked');
  });

  it('tells an invalid key, exhausted quota and a failing service apart', async () => {
    const invalid = await rejection(generate('x', { apiKey: 'wrong' }));
    expect(invalid).toMatchObject({ kind: 'invalid_key', status: 400, retryable: false });
    expect(invalid.userMessage).toContain('tidak valid');

    fake.failNext('gemini.generateContent', { status: 429 });
    expect(await rejection(generate('x'))).toMatchObject({ kind: 'quota', retryable: true });
    fake.failNext('gemini.generateContent', { status: 503 });
    expect(await rejection(generate('x'))).toMatchObject({ kind: 'server', retryable: true });
  });

  it('validates a key with one countTokens call', async () => {
    const baseUrl = fake.urls.geminiBaseUrl;
    expect(await validateGeminiKey({ apiKey, baseUrl })).toMatchObject({ valid: true });
    expect(await validateGeminiKey({ apiKey: 'wrong', baseUrl })).toMatchObject({ valid: false });
    fake.failNext('gemini.countTokens', { status: 429 });
    expect(await validateGeminiKey({ apiKey, baseUrl })).toMatchObject({ valid: true });
    fake.failNext('gemini.countTokens', { status: 500 });
    expect((await rejection(validateGeminiKey({ apiKey, baseUrl }))).kind).toBe('server');
    expect(fake.requests.map((r) => r.endpoint)).toEqual(Array(4).fill('gemini.countTokens'));

    const closed = await startFakeGoogle();
    await closed.close();
    const offline = await rejection(
      validateGeminiKey({ apiKey, baseUrl: closed.urls.geminiBaseUrl }),
    );
    expect(offline).toMatchObject({ kind: 'network', retryable: true });
  });
});
