import { describe, expect, it } from 'vitest';
import { fillUrlTemplate } from './url-template.ts';

const values: Record<string, unknown> = {
  author: 'kopikenangan.id',
  id: '7341234567890123456',
  numericId: 7341234567,
  spaced: 'nasi goreng/pedas?&#',
  empty: '',
  missing: undefined,
  object: { a: 1 },
};
const lookup = (name: string): unknown => values[name];

describe('fillUrlTemplate', () => {
  it('fills every placeholder', () => {
    expect(fillUrlTemplate('https://www.tiktok.com/@{author}/video/{id}', lookup)).toBe(
      'https://www.tiktok.com/@kopikenangan.id/video/7341234567890123456',
    );
    expect(fillUrlTemplate('https://www.douyin.com/video/{numericId}', lookup)).toBe(
      'https://www.douyin.com/video/7341234567',
    );
  });

  it('trims placeholder names', () => {
    expect(fillUrlTemplate('https://x.test/{ id }', lookup)).toBe('https://x.test/7341234567890123456');
  });

  it('URL-encodes values so they stay one path segment', () => {
    expect(fillUrlTemplate('https://x.test/{spaced}', lookup)).toBe('https://x.test/nasi%20goreng%2Fpedas%3F%26%23');
  });

  it('gives null when any placeholder has no usable value', () => {
    expect(fillUrlTemplate('https://x.test/{author}/{empty}', lookup)).toBeNull();
    expect(fillUrlTemplate('https://x.test/{missing}', lookup)).toBeNull();
    expect(fillUrlTemplate('https://x.test/{object}', lookup)).toBeNull();
    expect(fillUrlTemplate('https://x.test/{}', lookup)).toBeNull();
  });

  it('gives null for an empty template or one that is not an http(s) URL', () => {
    expect(fillUrlTemplate('', lookup)).toBeNull();
    expect(fillUrlTemplate('   ', lookup)).toBeNull();
    expect(fillUrlTemplate('javascript:alert({id})', lookup)).toBeNull();
    expect(fillUrlTemplate('{author}', lookup)).toBeNull();
  });

  it('keeps a template without placeholders', () => {
    expect(fillUrlTemplate('https://x.test/fixed', lookup)).toBe('https://x.test/fixed');
  });
});
