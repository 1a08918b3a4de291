import { describe, expect, it } from 'vitest';
import { helloMessage, pageCommand, MAX_USERNAME_LENGTH, type PageMessageEvent } from './page-messages.ts';

const page = { name: 'the page window' };
const ORIGIN = 'https://scrapper.example';
const connected = [ORIGIN];
const TOKEN = `scr_${'Ab-_9'.repeat(8)}abc`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFuYSJ9.c2lnbmF0dXJl';
const base = { source: 'scrapper-web', version: 2 };
const event = (data: unknown, over: Partial<PageMessageEvent> = {}): PageMessageEvent => ({
  source: page,
  origin: ORIGIN,
  data,
  ...over,
});
const run = (e: PageMessageEvent, pageOrigin = ORIGIN) =>
  pageCommand(e, page, pageOrigin, connected);

describe('pageCommand', () => {
  it('turns the four protocol messages into commands', () => {
    expect(TOKEN).toHaveLength(47);
    expect(run(event({ ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN, username: 'ana' }))).toEqual({
      kind: 'store-token',
      token: TOKEN,
      username: 'ana',
    });
    expect(run(event({ ...base, type: 'SCRAPPER_EXTENSION_PING' }))).toEqual({ kind: 'ping' });
    expect(run(event({ ...base, type: 'SCRAPPER_AUTH_CLEAR' }))).toEqual({ kind: 'clear-token' });
    expect(run(event({ ...base, type: 'SCRAPPER_COOKIE_SYNC_REQUEST' }))).toEqual({ kind: 'sync' });
  });

  it('ignores messages from another window (a frame) or another origin', () => {
    const token = { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN, username: 'ana' };
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
      { ...base, version: 1, type: 'SCRAPPER_AUTH_CLEAR' },
      { ...base, version: '2', type: 'SCRAPPER_AUTH_CLEAR' },
      { ...base, type: 'SCRAPPER_EXTENSION_PING', connected: true },
      { ...base, type: 'SCRAPPER_SOMETHING_NEW' },
      { ...base, type: 'SCRAPPER_AUTH_CLEAR', token: TOKEN },
      { ...base, type: 'SCRAPPER_COOKIE_SYNC_REQUEST', apiBase: 'https://evil.example/api' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: 42, username: 'ana' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: 'scr_short', username: 'ana' },
      // The session (a JWT) is never the extension's token any more.
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: JWT, username: 'ana' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: `${TOKEN}x`, username: 'ana' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: `${TOKEN}\n`, username: 'ana' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN, username: '' },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN, username: 'a'.repeat(MAX_USERNAME_LENGTH + 1) },
      { ...base, type: 'SCRAPPER_AUTH_TOKEN', token: TOKEN, username: 'ana', origin: 'https://evil.example' },
    ]) {
      expect(run(event(data)), JSON.stringify(data)).toBeNull();
    }
  });
});

describe('helloMessage', () => {
  it('is what the web app listens for: the extension is here, and whether it holds a token', () => {
    expect(helloMessage(true)).toEqual({
      source: 'scrapper-extension',
      version: 2,
      type: 'SCRAPPER_EXTENSION_HELLO',
      connected: true,
    });
    expect(helloMessage(false).connected).toBe(false);
  });
});
