// The admin's first-run checklist (issue 20): each item ticks itself when what it asks for is
// there; cookies are optional.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { fakeGoogleEnv } from '../../../test/youtube.ts';

let apify: FakeApify;
let google: FakeGoogle;
let h: Harness;
let admin: string;
let member: string;

beforeAll(async () => {
  apify = await startFakeApify({ tokens: { 'apify-setup-token-good1': 'pemilik' } });
  google = await startFakeGoogle();
  h = await startHarness({ APIFY_BASE_URL: apify.baseUrl, ...fakeGoogleEnv(google) });
  await h.createUser('setup-admin', 'setup-admin-password', 'admin');
  await h.createUser('setup-member', 'setup-member-password', 'user');
  admin = await h.login('setup-admin', 'setup-admin-password');
  member = await h.login('setup-member', 'setup-member-password');
});
afterAll(async () => {
  await h?.close();
  await apify?.close();
  await google?.close();
});

const status = async () => {
  const res = await h.request('GET', '/api/admin/setup-status', { token: admin });
  expect(res.status).toBe(200);
  return res.body as { items: Array<{ id: string; done: boolean; optional: boolean }>; complete: boolean };
};
const done = async () => Object.fromEntries((await status()).items.map((i) => [i.id, i.done]));

describe('GET /api/admin/setup-status', () => {
  it('starts with nothing done, cookies optional', async () => {
    expect(await status()).toEqual({
      items: [
        { id: 'apify-key', done: false, optional: false },
        { id: 'youtube-client-secret', done: false, optional: false },
        { id: 'gemini-key', done: false, optional: false },
        { id: 'cookies', done: false, optional: true },
      ],
      complete: false,
    });
  });

  it('ticks the Apify item only for a valid active key', async () => {
    await h.request('POST', '/api/keys', { token: admin, body: { key: 'apify-setup-token-bad00' } });
    expect((await done())['apify-key']).toBe(false);
    await h.request('POST', '/api/keys', { token: admin, body: { key: 'apify-setup-token-good1' } });
    expect((await done())['apify-key']).toBe(true);
  });

  it('ticks the client secret, the Gemini key and the cookies, and is complete without cookies', async () => {
    const secret = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'Proyek', clientId: 'setup.apps.googleusercontent.com', clientSecret: 'GOCSPX-setup-secret' },
    });
    expect(secret.status, JSON.stringify(secret.body)).toBe(201);
    expect((await done())['youtube-client-secret']).toBe(true);
    const gemini = await h.request('POST', '/api/admin/gemini-keys', { token: admin, body: { key: 'gemini-setup-key-0001' } });
    expect(gemini.body.status).toBe('valid');
    const now = await status();
    expect(now.complete).toBe(true);
    expect(now.items.find((i) => i.id === 'cookies')?.done).toBe(false);
    await h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: ['sessionid=1'] } });
    expect((await done()).cookies).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await h.request('GET', '/api/admin/setup-status', { token: member })).status).toBe(403);
  });
});
