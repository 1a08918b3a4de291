import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { replaceActorConfigs } from '@scrapper/db/queries/actor-configs';
import { takePlatformRequest } from '@scrapper/db/queries/platform-rate-limits';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let member: string;

beforeAll(async () => {
  h = await startHarness();
  await replaceActorConfigs(h.database.db, seedActorConfigs.map((c) => ActorConfigSchema.parse(c)));
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('ani', 'ani-password', 'user');
  admin = await h.login('boss', 'boss-password');
  member = await h.login('ani', 'ani-password');
});
afterAll(() => h.close());

describe('platform rate limits API', () => {
  it('lists every configured platform, without a limit at first', async () => {
    const res = await h.request('GET', '/api/admin/rate-limits', { token: admin });
    expect(res.status).toBe(200);
    const platforms = (res.body as { platform: string }[]).map((r) => r.platform);
    expect(platforms).toEqual(expect.arrayContaining(['douyin', 'facebook', 'instagram', 'tiktok', 'youtube']));
    expect((res.body as { requestsPerMinute: number | null }[]).every((r) => r.requestsPerMinute === null)).toBe(true);
  });

  it('sets a limit that the workers then count against, and removes it with null', async () => {
    const set = await h.request('PUT', '/api/admin/rate-limits/douyin', { token: admin, body: { requestsPerMinute: 2 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ platform: 'douyin', requestsPerMinute: 2, usedThisMinute: 0 });
    const turns = [];
    for (let i = 0; i < 3; i++) turns.push(await takePlatformRequest(h.database.db, 'douyin'));
    // Unless the minute turned between the calls, the third is refused.
    const refused = turns.filter((t) => !t.granted).length;
    expect(refused === 1 || new Date().getSeconds() < 2).toBe(true);
    const list = await h.request('GET', '/api/admin/rate-limits', { token: admin });
    const douyin = (list.body as { platform: string; usedThisMinute: number }[]).find((r) => r.platform === 'douyin');
    expect(douyin?.usedThisMinute).toBeGreaterThanOrEqual(1);
    const cleared = await h.request('PUT', '/api/admin/rate-limits/douyin', { token: admin, body: { requestsPerMinute: null } });
    expect(cleared.body).toMatchObject({ requestsPerMinute: null, updatedAt: null });
    expect((await takePlatformRequest(h.database.db, 'douyin')).granted).toBe(true);
  });

  it('refuses bad limits and unknown platforms with a message, changing nothing', async () => {
    for (const body of [{ requestsPerMinute: 0 }, { requestsPerMinute: 1.5 }, { requestsPerMinute: '10' }, { requestsPerMinute: 10_001 }, {}]) {
      const res = await h.request('PUT', '/api/admin/rate-limits/tiktok', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/requestsPerMinute/);
    }
    const unknown = await h.request('PUT', '/api/admin/rate-limits/myspace', { token: admin, body: { requestsPerMinute: 5 } });
    expect(unknown.status).toBe(404);
    const bad = await h.request('PUT', '/api/admin/rate-limits/..%2Fx', { token: admin, body: { requestsPerMinute: 5 } });
    expect(bad.status).toBe(400);
    const list = await h.request('GET', '/api/admin/rate-limits', { token: admin });
    expect((list.body as { requestsPerMinute: number | null }[]).every((r) => r.requestsPerMinute === null)).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await h.request('GET', '/api/admin/rate-limits', { token: member })).status).toBe(403);
    expect((await h.request('PUT', '/api/admin/rate-limits/tiktok', { token: member, body: { requestsPerMinute: 5 } })).status).toBe(403);
    expect((await h.request('GET', '/api/admin/rate-limits')).status).toBe(401);
  });
});
