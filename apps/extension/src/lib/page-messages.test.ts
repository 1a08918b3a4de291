import { describe, expect, it } from 'vitest';
import { pageCommand, MAX_TOKEN_LENGTH, type PageMessageEvent } from './page-messages.ts';

const page = { name: 'the page window' };
const ORIGIN = 'https://scrapper.example';
const connected = [ORIGIN];
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFuYSJ9.c2lnbmF0dXJl';
const base = { source: 'scrapper-web', version: 1 };
const event = (data: unknown, over: Partial<PageMessageEvent> = {}): PageMessageEvent => ({
  source: page,
  origin: ORIGIN,
  data,
  ...over,
});
const run = (e: PageMessageEvent, pageOrigin = ORIGIN) =>
  pageCommand(e, page, pageOrigin, connected);

describe('pageCommand', () => {
  it('turns the three protocol messages into commands', () => {
    expect(run(event({ ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN }))).toEqual({
      kind: 'store-token',
      token: TOKEN,
    });
    expect(run(event({ ...base, type: 'SCRAPPER_AUTH_CLEAR' }))).toEqual({ kind: 'clear-token' });
    expect(run(event({ ...base, type: 'SCRAPPER_COOKIE_SYNC_REQUEST' }))).toEqual({ kind: 'sync' });
  });

  it('ignores messages from another window (a frame) or another origin', () => {
    const token = { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN };
    expect(run(event(token, { source: { name: 'an iframe' } }))).toBeNull();
    expect(run(event(token, { source: null }))).toBeNull();
    expect(run(event(token, { origin: 'https://evil.example' }))).toBeNull();
    // The page's own origin, but not one this copy is connected to.
    expect(
      run(event(token, { origin: 'https://other.example' }), 'https://other.example'),
    ).toBeNull();
  });

  it('ignores every other shape: other source or version, unknown type, extra fields, bad tokens', () => {
    for (const data of [
      null,
      'SCRAPPER_AUTH_CLEAR',
      [base],
      { ...base, source: 'someone-else', type: 'SCRAPPER_AUTH_CLEAR' },
      { ...base, version: 2, type: 'SCRAPPER_AUTH_CLEAR' },
      { ...base, version: '1', type: 'SCRAPPER_AUTH_CLEAR' },
      { ...base, type: 'SCRAPPER_SOMETHING_NEW' },
      { ...base, type: 'SCRAPPER_AUTH_CLEAR', token: TOKEN },
      { ...base, type: 'SCRAPPER_COOKIE_SYNC_REQUEST', apiBase: 'https://evil.example/api' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: 42 },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: 'not a jwt' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: `${TOKEN}x`.replace('.c2', '.c2\n') },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: `a.b.${'c'.repeat(MAX_TOKEN_LENGTH)}` },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN, origin: 'https://evil.example' },
    ]) {
      expect(run(event(data)), JSON.stringify(data)).toBeNull();
    }
  });
});
