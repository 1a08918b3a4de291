// GET /api/youtube/accounts/:id/quota: the upload page's "sisa unggahan hari ini". Members see
// only their own accounts; the API's own reads (channels.list at connect, playlists.list)
// count against the client's units bucket at 2026 costs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextQuotaDayStart, quotaDay } from '@scrapper/contracts/rules/youtube-quota';
import { youtubeQuotaUsage } from '@scrapper/db/schema';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { and, eq } from 'drizzle-orm';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../../test/youtube.ts';

let h: Harness;
let fake: FakeGoogle;
let admin: string;
let alice: string;
let bob: string;
let clientSecretId: string;
let aliceAccount: string;
let bobAccount: string;

beforeAll(async () => {
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness(fakeGoogleEnv(fake));
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  clientSecretId = await createClientSecret(h, admin);
  aliceAccount = await connectAccount(h, alice, clientSecretId);
  bobAccount = await connectAccount(h, bob, clientSecretId);
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const quota = (token: string, accountId: string) => h.request('GET', `/api/youtube/accounts/${accountId}/quota`, { token });

describe('GET /api/youtube/accounts/:id/quota', () => {
  it('shows the member today’s uploads left on their account’s client and when the quota resets', async () => {
    const res = await quota(alice, aliceAccount);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      accountId: aliceAccount,
      clientSecretId,
      quotaToday: {
        quotaDay: quotaDay(),
        resetsAt: nextQuotaDayStart().toISOString(),
        uploadsLimit: 100,
        uploadsUsed: 0,
        uploadsRemaining: 100,
        unitsLimit: 10_000,
        // Two connections, each one channels.list at 1 unit.
        unitsUsed: 2,
        unitsRemaining: 9_998,
      },
    });
  });

  it('follows the worker’s count and the admin’s settings, and counts playlists.list at 1 unit a page', async () => {
    await h.database.db
      .update(youtubeQuotaUsage)
      .set({ uploads: 7 })
      .where(and(eq(youtubeQuotaUsage.clientSecretId, clientSecretId), eq(youtubeQuotaUsage.quotaDay, quotaDay())));
    expect((await h.request('GET', `/api/youtube/playlists/${aliceAccount}`, { token: alice })).status).toBe(200);
    const put = await h.request('PUT', `/api/admin/client-secrets/${clientSecretId}`, {
      token: admin,
      body: { name: 'Project A', clientId: 'ProjectA.apps.googleusercontent.com', quotaDailyUploads: 150 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await quota(alice, aliceAccount);
    expect(res.body.quotaToday).toMatchObject({ uploadsLimit: 150, uploadsUsed: 7, uploadsRemaining: 143, unitsUsed: 3 });
    // The same numbers in the admin's list.
    expect(put.body.quotaToday).toMatchObject({ uploadsUsed: 7, uploadsRemaining: 143 });
  });

  it('never shows a negative remainder when Google’s count went past the limit', async () => {
    await h.database.db
      .update(youtubeQuotaUsage)
      .set({ uploads: 400 })
      .where(and(eq(youtubeQuotaUsage.clientSecretId, clientSecretId), eq(youtubeQuotaUsage.quotaDay, quotaDay())));
    expect((await quota(alice, aliceAccount)).body.quotaToday).toMatchObject({ uploadsUsed: 400, uploadsRemaining: 0 });
  });

  it('is the caller’s own: another member’s account is not found; admins see any', async () => {
    const other = await quota(alice, bobAccount);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Akun YouTube tidak ditemukan.');
    expect((await quota(bob, bobAccount)).status).toBe(200);
    expect((await quota(admin, bobAccount)).status).toBe(200);
    expect((await h.request('GET', `/api/youtube/accounts/${aliceAccount}/quota`)).status).toBe(401);
    const bad = await quota(alice, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect((await quota(alice, '5b2a6f0e-2f44-4d8a-9f3e-1c1c1c1c1c1c')).status).toBe(404);
  });

  it('says there is no quota to show when the account’s client was deleted', async () => {
    const other = await createClientSecret(h, admin, 'Project Gone');
    const account = await connectAccount(h, bob, other);
    expect((await h.request('DELETE', `/api/admin/client-secrets/${other}`, { token: admin })).status).toBe(200);
    const res = await quota(bob, account);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accountId: account, clientSecretId: null, quotaToday: null });
  });
});
