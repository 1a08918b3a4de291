import { describe, expect, it } from 'vitest';
import {
  compareGeminiModels,
  isGeminiTextModel,
  parseGeminiModelName,
  pickGeminiModel,
  type GeminiModelInfo,
} from './pick-model.ts';

const text = (id: string): GeminiModelInfo => ({
  id,
  displayName: id,
  supportedGenerationMethods: ['generateContent', 'countTokens'],
});
const only = (id: string, ...methods: string[]): GeminiModelInfo => ({
  id,
  displayName: id,
  supportedGenerationMethods: methods,
});
const sorted = (ids: string[]) => [...ids].sort(compareGeminiModels);

describe('parseGeminiModelName', () => {
  it('reads version, tier and variant from the id', () => {
    expect(parseGeminiModelName('models/gemini-3.5-flash')).toMatchObject({
      id: 'gemini-3.5-flash',
      version: [3, 5],
      tier: 'flash',
      lite: false,
      unstable: false,
      nonText: false,
      bare: true,
    });
    expect(parseGeminiModelName('gemini-3-flash')).toMatchObject({ version: [3, 0], bare: true });
    expect(parseGeminiModelName('gemini-2.5-flash-lite-preview-06-17')).toMatchObject({
      version: [2, 5],
      lite: true,
      unstable: true,
      bare: false,
    });
    expect(parseGeminiModelName('gemini-2.0-flash-exp')).toMatchObject({ unstable: true });
    expect(parseGeminiModelName('gemini-2.5-flash-001')).toMatchObject({
      bare: false,
      unstable: false,
    });
    expect(parseGeminiModelName('gemini-flash-latest')).toMatchObject({
      version: null,
      tier: 'flash',
    });
    expect(parseGeminiModelName('gemini-3-pro')).toMatchObject({ tier: 'pro' });
    expect(parseGeminiModelName('gemini-exp-1206')).toMatchObject({
      tier: 'other',
      unstable: true,
    });
  });

  it('knows the models that write no text', () => {
    for (const id of [
      'gemini-2.5-flash-image',
      'gemini-3-pro-image-preview',
      'gemini-2.5-flash-preview-tts',
      'gemini-live-2.5-flash-preview',
      'gemini-2.5-flash-native-audio-preview-09-2025',
      'gemini-embedding-001',
      'gemini-2.5-computer-use-preview-10-2025',
      'gemini-robotics-er-1.5-preview',
    ]) {
      expect(parseGeminiModelName(id)?.nonText, id).toBe(true);
    }
  });

  it('is not a Gemini name for Gemma, Imagen or Veo', () => {
    expect(parseGeminiModelName('gemma-3-27b-it')).toBeUndefined();
    expect(parseGeminiModelName('imagen-4.0-generate-001')).toBeUndefined();
    expect(parseGeminiModelName('veo-3.1-generate-preview')).toBeUndefined();
    expect(parseGeminiModelName('gemini')).toBeUndefined();
  });
});

describe('isGeminiTextModel', () => {
  it('needs generateContent and a Gemini model that writes text', () => {
    expect(isGeminiTextModel(text('gemini-3.5-flash'))).toBe(true);
    expect(isGeminiTextModel(only('gemini-3.5-flash', 'countTokens'))).toBe(false);
    expect(isGeminiTextModel(text('gemini-2.5-flash-image'))).toBe(false);
    expect(isGeminiTextModel(only('gemini-embedding-001', 'embedContent'))).toBe(false);
    expect(isGeminiTextModel(text('gemma-3-27b-it'))).toBe(false);
  });
});

describe('compareGeminiModels', () => {
  it('puts the newest stable flash first, whatever the versions look like', () => {
    expect(sorted(['gemini-2.5-flash', 'gemini-3-flash', 'gemini-3.5-flash'])).toEqual([
      'gemini-3.5-flash',
      'gemini-3-flash',
      'gemini-2.5-flash',
    ]);
    // 10 is newer than 9, not older (no string comparison of versions).
    expect(sorted(['gemini-9-flash', 'gemini-10-flash'])[0]).toBe('gemini-10-flash');
    expect(sorted(['gemini-3.10-flash', 'gemini-3.9-flash'])[0]).toBe('gemini-3.10-flash');
  });

  it('prefers stable over lite, over preview and experimental builds, even newer ones', () => {
    expect(
      sorted([
        'gemini-4-flash-lite-preview',
        'gemini-4-flash-preview',
        'gemini-3.5-flash-lite',
        'gemini-4-flash-exp',
        'gemini-flash-latest',
        'gemini-3.5-flash',
      ]),
    ).toEqual([
      'gemini-3.5-flash',
      'gemini-3.5-flash-lite',
      'gemini-4-flash-preview',
      'gemini-4-flash-exp',
      'gemini-4-flash-lite-preview',
      'gemini-flash-latest',
    ]);
  });

  it('prefers flash over pro over other tiers, and the bare name over a pinned build', () => {
    expect(sorted(['gemini-4-pro', 'gemini-3-flash-preview', 'gemini-exp-1206'])).toEqual([
      'gemini-3-flash-preview',
      'gemini-4-pro',
      'gemini-exp-1206',
    ]);
    expect(sorted(['gemini-2.5-flash-001', 'gemini-2.5-flash', 'gemini-2.5-flash-002'])).toEqual([
      'gemini-2.5-flash',
      'gemini-2.5-flash-002',
      'gemini-2.5-flash-001',
    ]);
  });

  it('is a total order: the result does not depend on the input order', () => {
    const ids = [
      'gemini-2.5-flash',
      'gemini-3-flash',
      'gemini-3.5-flash',
      'gemini-3.5-flash-lite-preview',
      'gemini-3.5-pro-preview',
      'gemini-flash-latest',
      'gemini-2.5-flash-lite',
      'gemma-3-27b-it',
    ];
    const once = sorted(ids);
    expect(sorted([...ids].reverse())).toEqual(once);
    expect(once.at(-1)).toBe('gemma-3-27b-it');
  });
});

describe('pickGeminiModel', () => {
  const listed = [
    text('gemini-2.5-flash'),
    text('gemini-2.5-pro'),
    text('gemini-3-flash'),
    text('gemini-3.5-flash'),
    text('gemini-3.5-flash-lite-preview'),
    text('gemini-2.5-flash-image'),
    only('gemini-embedding-001', 'embedContent'),
    text('gemma-3-27b-it'),
  ];

  it('takes the newest stable flash when nothing is configured', () => {
    expect(pickGeminiModel(listed)).toEqual({ model: 'gemini-3.5-flash', configuredMissing: null });
  });

  it('takes the configured model when the key lists it, and says when it does not', () => {
    expect(pickGeminiModel(listed, { configured: 'gemini-2.5-pro' })).toEqual({
      model: 'gemini-2.5-pro',
      configuredMissing: null,
    });
    expect(pickGeminiModel(listed, { configured: 'models/gemma-3-27b-it' })).toEqual({
      model: 'gemma-3-27b-it',
      configuredMissing: null,
    });
    expect(pickGeminiModel(listed, { configured: 'gemini-2.0-flash' })).toEqual({
      model: 'gemini-3.5-flash',
      configuredMissing: 'gemini-2.0-flash',
    });
    // Listed, but it cannot generate content.
    expect(pickGeminiModel(listed, { configured: 'gemini-embedding-001' })).toEqual({
      model: 'gemini-3.5-flash',
      configuredMissing: 'gemini-embedding-001',
    });
  });

  it('leaves out models that just answered 404, the configured one too', () => {
    expect(pickGeminiModel(listed, { exclude: ['gemini-3.5-flash'] })?.model).toBe(
      'gemini-3-flash',
    );
    expect(
      pickGeminiModel(listed, { configured: 'gemini-2.5-pro', exclude: ['gemini-2.5-pro'] }),
    ).toEqual({ model: 'gemini-3.5-flash', configuredMissing: 'gemini-2.5-pro' });
  });

  it('falls back on previews, then on other tiers, and finds nothing without a text model', () => {
    expect(
      pickGeminiModel([text('gemini-3.5-flash-lite-preview'), text('gemini-3-pro')])?.model,
    ).toBe('gemini-3.5-flash-lite-preview');
    expect(pickGeminiModel([text('gemini-3-pro'), text('gemini-2.5-pro')])?.model).toBe(
      'gemini-3-pro',
    );
    expect(
      pickGeminiModel([
        text('gemini-2.5-flash-image'),
        only('gemini-embedding-001', 'embedContent'),
        only('imagen-4.0-generate-001', 'predict'),
      ]),
    ).toBeUndefined();
    expect(pickGeminiModel([])).toBeUndefined();
  });
});
