import { describe, expect, it } from 'vitest';
import { buildPrompt, DEFAULT_DESCRIPTION_SUFFIX, parseGeneratedContent } from './content.ts';

// The real SDK against the fake Gemini: @scrapper/testkit's fake-google/gemini.integration.test.ts.
describe('parseGeneratedContent', () => {
  it('keeps a suffix that is there and strips what YouTube refuses', () => {
    const text = JSON.stringify({
      title: '  <Judul>\nbaru  ',
      description: `Aku <3 kucing.\n\n${DEFAULT_DESCRIPTION_SUFFIX}`,
      tags: ['#satu', 'SATU', ' dua ', 3, ''],
    });
    expect(parseGeneratedContent(text, 'asli')).toEqual({
      title: 'Judul baru',
      description: `Aku 3 kucing.\n\n${DEFAULT_DESCRIPTION_SUFFIX}`,
      tags: ['satu', 'dua'],
    });
  });

  it('keeps tags within 500 characters and a description within 5000 bytes', () => {
    const tags = Array.from({ length: 60 }, (_, i) => `tag nomor ${i}`);
    const long = 'é'.repeat(4000);
    const content = parseGeneratedContent(
      JSON.stringify({ title: 't', description: long, tags }),
      'asli',
    );
    const tagChars =
      content.tags.reduce((sum, tag) => sum + tag.length + 2, 0) + content.tags.length - 1;
    expect(tagChars).toBeLessThanOrEqual(500);
    expect(content.tags.length).toBeGreaterThan(20);
    expect(Buffer.byteLength(content.description)).toBeLessThanOrEqual(5000);
    expect(content.description.endsWith(DEFAULT_DESCRIPTION_SUFFIX)).toBe(true);
  });

  it('puts the original title on one line of the prompt', () => {
    expect(buildPrompt('Satu\ndua')).toContain('Judul asli: Satu dua');
  });
});
