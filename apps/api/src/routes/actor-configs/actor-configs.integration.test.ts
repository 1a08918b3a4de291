import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorConfigs } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let admin: string;
let member: string;

const tiktok = {
  platformId: 'tiktok',
  displayName: 'TikTok',
  actorId: 'clockworks/tiktok-scraper',
  inputType: 'url',
  mapping: { id: 'id', url: 'webVideoUrl', duration: 'videoMeta.duration' },
};
const youtube = { platformId: 'youtube', displayName: 'YouTube', actorId: 'streamers/youtube-scraper' };

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('member', 'member-password', 'user');
  admin = await h.login('boss', 'boss-password');
  member = await h.login('member', 'member-password');
  await h.database.db.delete(actorConfigs);
});
afterAll(() => h.close());

describe('actor configs', () => {
  it('saves the full list with every default filled in', async () => {
    const res = await h.request('POST', '/api/admin/apify-config', { token: admin, body: [tiktok, youtube] });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { platformId: string }) => c.platformId)).toEqual(['tiktok', 'youtube']);
    const yt = res.body[1];
    expect(yt.inputKey).toBe('searchQueries');
    expect(yt.inputType).toBe('any');
    expect(yt.isActive).toBe(true);
    expect(yt.previewSpecific).toEqual({ enabled: true, format: 'bestvideo[height<=?720]+bestaudio/best[height<=?720]/best', maxDuration: 30 });
    expect(yt.platformSpecific.skipIfNoUrl).toBe(true);
    expect(yt.platformSpecific.dimensionFields).toBe(false);
    expect(yt.options).toEqual({ maxResults: { label: 'Max Results', type: 'number', default: 20 } });
  });

  it('rejects a duplicate platformId with the spec message and keeps the old list', async () => {
    const res = await h.request('POST', '/api/admin/apify-config', { token: admin, body: [tiktok, { ...youtube, platformId: 'tiktok' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Platform ID sudah ada. Harap gunakan ID yang unik.');
    const list = await h.request('GET', '/api/config/apify-config', { token: admin });
    expect(list.body).toHaveLength(2);
  });

  it('names the missing required fields', async () => {
    const res = await h.request('POST', '/api/admin/apify-config', { token: admin, body: [{ platformId: 'x', displayName: '' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/displayName/);
    expect(res.body.message).toMatch(/actorId/);
  });

  it('rejects a preview duration outside 10..120', async () => {
    const res = await h.request('POST', '/api/admin/apify-config', {
      token: admin,
      body: [{ ...tiktok, previewSpecific: { maxDuration: 5 } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/minimal 10/);
  });

  it('clones under a new id, inactive, and numbers further copies', async () => {
    const first = await h.request('POST', '/api/admin/apify-config/clone/tiktok', { token: admin });
    expect(first.status).toBe(201);
    expect(first.body.platformId).toBe('tiktok_copy');
    expect(first.body.isActive).toBe(false);
    expect(first.body.mapping).toEqual(tiktok.mapping);
    const second = await h.request('POST', '/api/admin/apify-config/clone/tiktok', { token: admin });
    expect(second.body.platformId).toBe('tiktok_copy2');
    expect((await h.request('POST', '/api/admin/apify-config/clone/nope', { token: admin })).status).toBe(404);
  });

  it('toggles an actor; the dashboard lists only active ones', async () => {
    const res = await h.request('PUT', '/api/admin/apify-config/toggle-active/youtube', { token: admin, body: { isActive: false } });
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    const dashboard = await h.request('GET', '/api/scrape/config', { token: member });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.map((c: { platformId: string }) => c.platformId)).toEqual(['tiktok']);
    expect(dashboard.body[0]).toEqual({
      platformId: 'tiktok',
      displayName: 'TikTok',
      actorId: 'clockworks/tiktok-scraper',
      targetLabel: '',
      inputType: 'url',
      inputKey: 'searchQueries',
      inputKeys: {},
      options: { maxResults: { label: 'Max Results', type: 'number', default: 20 } },
      // The sites URL targets may point at; this config names none, so any URL goes.
      domains: [],
    });
  });

  it('lets members read the configs but not change them', async () => {
    expect((await h.request('GET', '/api/config/apify-config', { token: member })).status).toBe(200);
    expect((await h.request('POST', '/api/admin/apify-config', { token: member, body: [] })).status).toBe(403);
  });
});

describe('cookies', () => {
  const masks = (body: Record<string, string[]>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v.map((c) => c.replace(/ \[tersimpan:[0-9a-f]{12}\]$/, ''))]));

  it('stores cookies encrypted, drops empty entries, and shows them masked per platform', async () => {
    const res = await h.request('POST', '/api/config/cookies', {
      token: admin,
      body: { tiktok: ['  sessionid=abc123; tt_csrf=xyz  ', '   ', ''], youtube: ['SID=secretvalue'] },
    });
    expect(res.status).toBe(200);
    // Names only: cookies are secrets, never sent back whole (nor their values in part).
    expect(masks(res.body)).toEqual({ tiktok: ['sessionid=…; tt_csrf=…'], douyin: [], youtube: ['SID=…'], instagram: [], facebook: [] });
    expect(JSON.stringify(res.body)).not.toMatch(/abc123|xyz|secretvalue/);
    const rows = await h.database.sql`select platform, sealed_cookies from cookie_sets order by platform`;
    expect(rows.map((r) => r.platform)).toEqual(['tiktok', 'youtube']);
    expect(JSON.stringify(rows)).not.toContain('abc123');
    expect(JSON.stringify(rows)).not.toContain('secretvalue');
    expect((await h.request('GET', '/api/config/cookies', { token: admin })).body).toEqual(res.body);
  });

  it('keeps a stored cookie when its masked entry is sent back, and drops the ones left out', async () => {
    const file = '# Netscape HTTP Cookie File\n#HttpOnly_.tiktok.com\tTRUE\t/\tTRUE\t1893456000\tsessionid\tnilai-rahasia-1\n';
    const first = await h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: [file, 'a=1'], youtube: ['SID=secretvalue'] } });
    expect(masks(first.body).tiktok).toEqual(['.tiktok.com sessionid=…', 'a=…']);
    const [keptTiktok] = first.body.tiktok;
    const again = await h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: [keptTiktok, 'b=2'], youtube: first.body.youtube } });
    expect(again.status).toBe(200);
    expect(again.body.tiktok[0]).toBe(keptTiktok);
    expect(masks(again.body).tiktok).toEqual(['.tiktok.com sessionid=…', 'b=…']);
    // The stored text itself is what the worker gets.
    const [row] = await h.database.sql`select sealed_cookies from cookie_sets where platform = 'tiktok'`;
    const { createSecretBox } = await import('@scrapper/integrations/secret-box');
    expect(JSON.parse(createSecretBox(h.env.secretsKey).open(row?.sealed_cookies as string))).toEqual([file.trim(), 'b=2']);
    // A mark of nothing stored (another platform's, or stale) is refused, changing nothing.
    const stale = await h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: [], youtube: [keptTiktok] } });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/Muat ulang/);
    expect((await h.request('GET', '/api/config/cookies', { token: admin })).body).toEqual(again.body);
  });

  it('rejects a malformed list and keeps what was stored', async () => {
    const before = (await h.request('GET', '/api/config/cookies', { token: admin })).body;
    const res = await h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: 'not-a-list' } });
    expect(res.status).toBe(400);
    expect((await h.request('GET', '/api/config/cookies', { token: admin })).body).toEqual(before);
  });

  it('is admin only', async () => {
    expect((await h.request('GET', '/api/config/cookies', { token: member })).status).toBe(403);
  });
});
