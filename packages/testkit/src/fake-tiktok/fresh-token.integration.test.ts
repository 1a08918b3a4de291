// freshTikTokAccessToken (@scrapper/integrations/tiktok) against the fake: a live token is used
// as it is, an expiring one is refreshed once even when many ask at once (the store's lock), the
// rotated refresh token is saved before anything else, and a refused refresh marks the account.
import { freshTikTokAccessToken, type StoredTikTokTokens, type TikTokTokenStore } from '@scrapper/integrations/tiktok';
import { PublishError } from '@scrapper/integrations/publish-error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTikTok, type FakeTikTok } from './start-fake-tiktok.ts';

const client = { clientKey: 'aw-fresh', clientSecret: 'secret-fresh' };
let fake: FakeTikTok;

beforeAll(async () => {
  fake = await startFakeTikTok({ clients: [client] });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

/** A store like the database's: one lock per account, saves applied under it. */
function memoryStore(initial: StoredTikTokTokens) {
  let tokens = initial;
  let queue: Promise<unknown> = Promise.resolve();
  const saved: StoredTikTokTokens[] = [];
  const reconnect: string[] = [];
  const store: TikTokTokenStore = {
    withLockedTokens(fn) {
      const run = queue.then(async () => {
        const { save, result } = await fn(tokens);
        if (save) {
          tokens = save;
          saved.push(save);
        }
        return result;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async markReconnect(reason) {
      reconnect.push(reason);
    },
  };
  return { store, saved, reconnect, current: () => tokens };
}

function stored(grant: { accessToken: string; refreshToken: string }, expiresInMs: number): StoredTikTokTokens {
  return {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
    accessExpiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    refreshExpiresAt: new Date(Date.now() + 180 * 86_400_000).toISOString(),
    scope: 'video.upload',
  };
}

const api = () => ({ apiBaseUrl: fake.urls.apiBaseUrl, ...client });

describe('freshTikTokAccessToken', () => {
  it('uses a token that lives past the margin as it is, with no call to TikTok', async () => {
    fake.addAccount({ username: 'kreator', displayName: 'Kreator' });
    const grant = fake.issueTokens({ clientKey: client.clientKey });
    const { store, saved } = memoryStore(stored(grant, 60 * 60_000));
    const before = fake.requests.length;
    expect(await freshTikTokAccessToken(api(), store)).toBe(grant.accessToken);
    expect(saved).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('refreshes an expiring token once for five callers at once, and saves the rotated refresh token', async () => {
    fake.addAccount({ username: 'kreator', displayName: 'Kreator' });
    const grant = fake.issueTokens({ clientKey: client.clientKey });
    const { store, saved, current } = memoryStore(stored(grant, 60_000));
    const tokens = await Promise.all(Array.from({ length: 5 }, () => freshTikTokAccessToken(api(), store)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(grant.accessToken);
    expect(saved).toHaveLength(1);
    expect(current().refreshToken).not.toBe(grant.refreshToken);
    expect(Date.parse(current().accessExpiresAt) - Date.now()).toBeGreaterThan(7000_000);
    // The saved refresh token is the live one: the next refresh works with it.
    const again = await freshTikTokAccessToken(api(), store, { force: true });
    expect(again).not.toBe(tokens[0]);
    expect(saved).toHaveLength(2);
  });

  it('a refused refresh marks the account for reconnecting and throws what to do', async () => {
    fake.addAccount({ username: 'kreator', displayName: 'Kreator' });
    const grant = fake.issueTokens({ clientKey: client.clientKey });
    const { store, saved, reconnect } = memoryStore({ ...stored(grant, -1000), refreshToken: 'sudah-mati' });
    const error = await freshTikTokAccessToken(api(), store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ reconnect: true });
    expect(reconnect).toEqual([(error as PublishError).userMessage]);
    expect(saved).toEqual([]);
  });
});
