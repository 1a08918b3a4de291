import { describe, expect, it } from 'vitest';
import type { BrowserCookie } from '@scrapper/contracts/rules/member-cookies';
import { memoryStore } from '../../test/memory-store.ts';
import {
  NOT_CONNECTED,
  SESSION_ENDED,
  syncCookies,
  type CookieReader,
  type HttpFetch,
} from './sync.ts';

const ORIGIN = 'https://scrapper.example';
const NOW = new Date('2026-11-26T10:00:00.000Z');

const jar: BrowserCookie[] = [
  {
    domain: '.tiktok.com',
    hostOnly: false,
    path: '/',
    secure: true,
    httpOnly: true,
    expirationDate: 1_900_000_000,
    name: 'sessionid',
    value: 'tt-1',
  },
  {
    domain: '.youtube.com',
    hostOnly: false,
    path: '/',
    secure: true,
    httpOnly: false,
    expirationDate: 1_900_000_000,
    name: 'SID',
    value: 'yt-1',
  },
  {
    domain: '.google.com',
    hostOnly: false,
    path: '/',
    secure: true,
    httpOnly: false,
    name: 'SAPISID',
    value: 'g-1',
  },
  {
    domain: '.facebook.com',
    hostOnly: false,
    path: '/',
    secure: true,
    httpOnly: false,
    name: 'c_user',
    value: 'fb-1',
  },
];

/** chrome.cookies.getAll's domain match: the domain and its subdomains. */
const browserCookies: CookieReader = {
  async getAll({ domain }) {
    return jar.filter(
      (c) => c.domain.replace(/^\./, '') === domain || c.domain.endsWith(`.${domain}`),
    );
  },
};

function recordingFetch(status: (platform: string) => number | Error = () => 200) {
  const calls: Array<{ url: string; headers: Record<string, string>; body: { cookies: string } }> =
    [];
  const fetch: HttpFetch = async (url, init) => {
    calls.push({ url, headers: init.headers, body: JSON.parse(init.body) as { cookies: string } });
    const answer = status(url.split('/').pop() ?? '');
    if (answer instanceof Error) throw answer;
    return {
      status: answer,
      json: async () => (answer >= 400 ? { message: `Ditolak (${answer}).` } : {}),
    };
  };
  return { fetch, calls };
}

const session = { token: `scr_${'A'.repeat(43)}`, username: 'ana', origin: ORIGIN };

describe('syncCookies', () => {
  it('sends nothing while every platform is off (the default)', async () => {
    const store = memoryStore({ session });
    const http = recordingFetch();
    expect(
      await syncCookies({ cookies: browserCookies, store, fetch: http.fetch, now: () => NOW }),
    ).toEqual({ synced: [], failed: {}, stopped: null });
    expect(http.calls).toEqual([]);
  });

  it("PUTs each switched-on platform's cookies to the connected origin with the token, and records the time", async () => {
    const store = memoryStore({
      session,
      enabled: { tiktok: true, youtube: true, facebook: false },
    });
    const http = recordingFetch();
    const outcome = await syncCookies({
      cookies: browserCookies,
      store,
      fetch: http.fetch,
      now: () => NOW,
    });
    expect(outcome).toEqual({ synced: ['tiktok', 'youtube'], failed: {}, stopped: null });
    expect(http.calls.map((c) => c.url)).toEqual([
      `${ORIGIN}/api/me/cookies/tiktok`,
      `${ORIGIN}/api/me/cookies/youtube`,
    ]);
    expect(http.calls.every((c) => c.headers.authorization === `Bearer ${session.token}`)).toBe(true);
    expect(http.calls[0]?.body.cookies).toBe(
      '# Netscape HTTP Cookie File\n#HttpOnly_.tiktok.com\tTRUE\t/\tTRUE\t1900000000\tsessionid\ttt-1\n',
    );
    expect(http.calls[1]?.body.cookies).toContain('SAPISID\tg-1');
    expect(http.calls[1]?.body.cookies).not.toContain('fb-1');
    expect(store.data.status).toEqual({
      tiktok: { lastSyncedAt: NOW.toISOString() },
      youtube: { lastSyncedAt: NOW.toISOString() },
    });
    expect(store.data.lastError).toBeNull();
  });

  it('without a session sends nothing and says why', async () => {
    const store = memoryStore({ enabled: { tiktok: true } });
    const http = recordingFetch();
    expect((await syncCookies({ cookies: browserCookies, store, fetch: http.fetch })).stopped).toBe(
      NOT_CONNECTED,
    );
    expect(http.calls).toEqual([]);
    expect(store.data.lastError).toBe(NOT_CONNECTED);
  });

  it('a 401 (token revoked or expired) forgets the token, stops, and says so; the next sync sends nothing', async () => {
    const store = memoryStore({ session, enabled: { tiktok: true, youtube: true } });
    const http = recordingFetch(() => 401);
    const outcome = await syncCookies({ cookies: browserCookies, store, fetch: http.fetch });
    expect(outcome.stopped).toBe(SESSION_ENDED);
    expect(http.calls).toHaveLength(1);
    expect(store.data.session).toBeUndefined();
    expect(store.data.lastError).toBe(SESSION_ENDED);
    await syncCookies({ cookies: browserCookies, store, fetch: http.fetch });
    expect(http.calls).toHaveLength(1);
  });

  it("keeps a platform's last good sync and shows its error; a platform without cookies is not sent", async () => {
    const store = memoryStore({
      session,
      enabled: { tiktok: true, youtube: true, instagram: true },
      status: { youtube: { lastSyncedAt: '2026-01-01T00:00:00.000Z' } },
    });
    const http = recordingFetch((platform) =>
      platform === 'youtube' ? 400 : platform === 'tiktok' ? new Error('offline') : 200,
    );
    const outcome = await syncCookies({
      cookies: browserCookies,
      store,
      fetch: http.fetch,
      now: () => NOW,
    });
    expect(outcome.synced).toEqual([]);
    expect(outcome.failed).toEqual({
      tiktok: `Scrapper di ${ORIGIN} tidak dapat dihubungi.`,
      youtube: 'Ditolak (400).',
      instagram: 'Tidak ada cookie Instagram di browser ini: buka Instagram dan masuk dulu.',
    });
    expect(http.calls.map((c) => c.url.split('/').pop())).toEqual(['tiktok', 'youtube']);
    expect((store.data.status as Record<string, unknown>).youtube).toEqual({
      lastSyncedAt: '2026-01-01T00:00:00.000Z',
      lastError: 'Ditolak (400).',
    });
  });
});
