import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let member: string;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('member', 'member-password', 'user');
  admin = await h.login('boss', 'boss-password');
  member = await h.login('member', 'member-password');
});
afterAll(() => h.close());

describe('POST /api/config/generate-code', () => {
  it('returns the six files under data.generatedCode', async () => {
    const res = await h.request('POST', '/api/config/generate-code', { token: admin, body: seedActorConfigs[0] });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.data.generatedCode)).toEqual(['dataParser', 'scrapeWorker', 'ytdlpService', 'previewController', 'downloaderPage', 'videoList']);
    expect(res.body.data.generatedCode.dataParser).toContain('export function parseItems');
  });

  it('names the fields of an invalid config with 400', async () => {
    const res = await h.request('POST', '/api/config/generate-code', { token: admin, body: { platformId: 'x', displayName: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/displayName/);
    expect(res.body.message).toMatch(/actorId/);
  });

  it('is admin only', async () => {
    expect((await h.request('POST', '/api/config/generate-code', { token: member, body: seedActorConfigs[0] })).status).toBe(403);
  });
});
