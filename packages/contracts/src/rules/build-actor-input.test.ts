import { describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '../http/actor-configs.ts';
import { buildActorInput, coerceOption, shapeTarget, toIsoDate } from './build-actor-input.ts';

const tiktok = ActorConfigSchema.parse({
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: 'clockworks/tiktok-scraper',
  inputKey: 'searchQueries',
  inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
  options: {
    resultsPerPage: { label: 'Jumlah', type: 'number', default: 20 },
    sortVideosBy: { label: 'Urutan', type: 'select', default: 'NEWEST', options: [{ label: 'Terbaru', value: 'NEWEST' }, { label: 'Populer', value: 'POPULAR' }] },
    since: { label: 'Sejak', type: 'date', default: null },
    proxy: { label: 'Proxy', type: 'boolean', default: false },
  },
});

describe('buildActorInput', () => {
  it('puts a keyword under the keyword key as a list and converts options', () => {
    const input = buildActorInput(tiktok, 'keyword', { searchQueries: 'kucing lucu', resultsPerPage: '35', since: '05/02/2026', proxy: 'true', extra: 'dropped' });
    expect(input).toEqual({ searchQueries: ['kucing lucu'], resultsPerPage: 35, sortVideosBy: 'NEWEST', since: '2026-02-05', proxy: true });
  });
  it('puts a URL under the url key', () => {
    const input = buildActorInput(tiktok, 'url', { postURLs: 'https://www.tiktok.com/@a/video/1' });
    expect(input.postURLs).toEqual(['https://www.tiktok.com/@a/video/1']);
    expect(input.searchQueries).toBeUndefined();
  });
  it('accepts the target under the generic input key too', () => {
    expect(buildActorInput(tiktok, 'url', { searchQueries: 'https://x.test/v' }).postURLs).toEqual(['https://x.test/v']);
  });
  it('drops a select value that is not one of the choices, and empty values', () => {
    const input = buildActorInput(tiktok, 'keyword', { searchQueries: 'a', sortVideosBy: 'RANDOM', resultsPerPage: 'lots' });
    expect(input.sortVideosBy).toBeUndefined();
    expect(input.resultsPerPage).toBeUndefined();
  });
  it('adds the platform cookies only when the actor names a cookies key', () => {
    expect(buildActorInput(tiktok, 'keyword', { searchQueries: 'a' }, ['sid=1']).cookies).toBeUndefined();
    const withCookies = ActorConfigSchema.parse({ ...tiktok, inputKeys: { ...tiktok.inputKeys, cookies: 'cookies' } });
    expect(buildActorInput(withCookies, 'keyword', { searchQueries: 'a' }, ['sid=1', 'tt=2']).cookies).toBe('sid=1\ntt=2');
  });
});

describe('input shapes', () => {
  it('makes startUrls request objects, plural keys lists, others text', () => {
    expect(shapeTarget('startUrls', ['https://a.test'])).toEqual([{ url: 'https://a.test' }]);
    expect(shapeTarget('directUrls', ['https://a.test'])).toEqual(['https://a.test']);
    expect(shapeTarget('search', ['kucing'])).toBe('kucing');
  });
  it('converts dates from dd/MM/yyyy and refuses impossible ones', () => {
    expect(toIsoDate('31/12/2025')).toBe('2025-12-31');
    expect(toIsoDate('2025-12-31')).toBe('2025-12-31');
    expect(toIsoDate('31/02/2025')).toBeNull();
    expect(toIsoDate('tomorrow')).toBeNull();
  });
  it('coerces numbers and leaves out what is not one', () => {
    expect(coerceOption({ label: 'n', type: 'number', default: 20 }, undefined)).toBe(20);
    expect(coerceOption({ label: 'n', type: 'number', default: 20 }, 'x')).toBeUndefined();
  });
});
