import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../test/memory-store.ts';
import {
  createBackground,
  ensureSyncAlarm,
  SYNC_ALARM,
  SYNC_PERIOD_MINUTES,
  type AlarmApi,
} from './background.ts';
import type { HttpFetch } from './sync.ts';

const ORIGIN = 'https://scrapper.example';
const EXT = 'chrome-extension://abcdefghijklmnop';
const TOKEN = `scr_${'x'.repeat(43)}`;
const SESSION = { token: TOKEN, username: 'ana', origin: ORIGIN };
const fromPage = { tab: { id: 1 }, origin: ORIGIN, url: `${ORIGIN}/#/` };
const fromPopup = { url: `${EXT}/popup.html` };

function setup(initial: Record<string, unknown> = {}) {
  const store = memoryStore(initial);
  const sent: string[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const fetch: HttpFetch = async (url) => {
    sent.push(url);
    await gate;
    return { status: 200, json: async () => ({}) };
  };
  const cookies = {
    getAll: async () => [
      {
        domain: '.tiktok.com',
        hostOnly: false,
        path: '/',
        secure: true,
        httpOnly: false,
        name: 'a',
        value: '1',
      },
    ],
  };
  const bg = createBackground({ cookies, store, fetch, connected: [ORIGIN], extensionOrigin: EXT });
  return { bg, store, sent, release };
}

describe('the service worker', () => {
  it("keeps a connected page's token with the page's origin (as the browser reports it), and clears it", async () => {
    const { bg, store } = setup();
    expect(await bg.onMessage({ kind: 'status' }, fromPage)).toEqual({ ok: true, connected: false });
    expect(
      await bg.onMessage({ kind: 'store-token', token: TOKEN, username: 'ana' }, fromPage),
    ).toEqual({ ok: true });
    expect(store.data.session).toEqual(SESSION);
    expect(await bg.onMessage({ kind: 'status' }, fromPage)).toEqual({ ok: true, connected: true });
    await bg.onMessage({ kind: 'clear-token' }, fromPage);
    expect(store.data.session).toBeUndefined();
    expect(await bg.onMessage({ kind: 'status' }, fromPage)).toEqual({ ok: true, connected: false });
  });

  it('takes no token, clear or sync from anywhere else: another origin, no tab, a malformed token', async () => {
    const { bg, store, sent } = setup({
      session: SESSION,
      enabled: { tiktok: true },
    });
    const other = { tab: { id: 2 }, origin: 'https://evil.example' };
    const other2 = `scr_${'y'.repeat(43)}`;
    expect(await bg.onMessage({ kind: 'store-token', token: other2, username: 'x' }, other)).toEqual({
      ok: false,
    });
    expect(
      await bg.onMessage({ kind: 'store-token', token: other2, username: 'x' }, { origin: ORIGIN }),
    ).toEqual({ ok: false });
    // A session JWT is not the extension's token; nor is a token without its username.
    expect(
      await bg.onMessage({ kind: 'store-token', token: 'aGVhZA.eyJ1Ijoi.c2ln', username: 'x' }, fromPage),
    ).toEqual({ ok: false });
    expect(await bg.onMessage({ kind: 'store-token', token: other2 }, fromPage)).toEqual({
      ok: false,
    });
    expect(await bg.onMessage({ kind: 'status' }, other)).toEqual({ ok: false });
    expect(await bg.onMessage({ kind: 'clear-token' }, other)).toEqual({ ok: false });
    expect(await bg.onMessage({ kind: 'sync' }, other)).toEqual({ ok: false });
    // The popup's "sync now" only from the extension's own page, not from a Scrapper tab.
    expect(await bg.onMessage({ kind: 'sync-now' }, fromPage)).toEqual({ ok: false });
    expect(
      await bg.onMessage(
        { kind: 'sync-now' },
        { url: 'chrome-extension://someone-else/popup.html' },
      ),
    ).toEqual({ ok: false });
    expect(await bg.onMessage(null, fromPage)).toEqual({ ok: false });
    expect(store.data.session).toEqual(SESSION);
    expect(sent).toEqual([]);
  });

  it('runs one sync at a time: a page request, the popup and the alarm during one sync share it', async () => {
    const { bg, sent, release } = setup({
      session: SESSION,
      enabled: { tiktok: true },
    });
    const first = bg.onMessage({ kind: 'sync' }, fromPage);
    const second = bg.onMessage({ kind: 'sync-now' }, fromPopup);
    const third = bg.onAlarm({ name: SYNC_ALARM });
    release();
    const outcomes = await Promise.all([first, second, third]);
    expect(sent).toEqual([`${ORIGIN}/api/me/cookies/tiktok`]);
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(outcomes[2]).toBe(outcomes[0]);
    // Once done, the next request syncs again.
    await bg.onMessage({ kind: 'sync-now' }, fromPopup);
    expect(sent).toHaveLength(2);
    expect(await bg.onAlarm({ name: 'something-else' })).toBeNull();
  });
});

describe('ensureSyncAlarm', () => {
  it('makes the 6-hour alarm once', async () => {
    const made: Array<[string, unknown]> = [];
    const alarms: AlarmApi = {
      get: async (name) => (made.some(([n]) => n === name) ? { name } : undefined),
      create: async (name, info) => void made.push([name, info]),
    };
    await ensureSyncAlarm(alarms);
    await ensureSyncAlarm(alarms);
    expect(SYNC_PERIOD_MINUTES).toBe(360);
    expect(made).toEqual([[SYNC_ALARM, { delayInMinutes: 360, periodInMinutes: 360 }]]);
  });
});
