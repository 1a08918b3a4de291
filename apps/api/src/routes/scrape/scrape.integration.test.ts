import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorConfigs } from '@scrapper/db/schema';
import { completeScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let fake: FakeApify;
let admin: string;
let alice: string;
let bob: string;

const tiktokStart = (target: string, scrapeType: 'url' | 'keyword' = 'keyword') => ({
  actorId: 'clockworks/tiktok-scraper',
  input: { [scrapeType === 'url' ? 'postURLs' : 'searchQueries']: target, resultsPerPage: 10 },
  platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType },
});

beforeAll(async () => {
  fake = await startFakeApify();
  h = await startHarness({ APIFY_BASE_URL: fake.baseUrl });
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  await h.createUser('bob', 'bob-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  bob = await h.login('bob', 'bob-password');
  await h.database.db.delete(actorConfigs);
  const saved = await h.request('POST', '/api/admin/apify-config', {
    token: admin,
    body: [
      {
        platformId: 'tiktok',
        displayName: 'TikTok',
        actorId: 'clockworks/tiktok-scraper',
        inputKeys: { url: 'postURLs', keyword: 'searchQueries' },
      },
      { platformId: 'facebook', displayName: 'Facebook', actorId: 'apify/facebook-posts-scraper', inputType: 'url', inputKey: 'startUrls' },
      { platformId: 'youtube', displayName: 'YouTube', actorId: 'streamers/youtube-scraper', isActive: false },
    ],
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

async function queuedJobs(taskId: string): Promise<number> {
  const rows = await h.database.sql`select count(*)::int as n from pgboss.job where name = 'scrape.run' and data->>'taskId' = ${taskId}`;
  return rows[0]?.n ?? 0;
}

describe('starting a scrape', () => {
  it('queues a waiting task with one job', async () => {
    const res = await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('kucing lucu') });
    expect(res.status).toBe(202);
    const status = await h.request('GET', `/api/scrape/status/${res.body.taskId}`, { token: alice });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      id: res.body.taskId,
      state: 'waiting',
      progress: { percentage: 0, itemsFound: 0 },
      logs: [],
      result: null,
      data: { actorId: 'clockworks/tiktok-scraper', platformInfo: { platformId: 'tiktok', scrapeType: 'keyword' } },
      owner: { username: 'alice' },
    });
    expect(await queuedJobs(res.body.taskId)).toBe(1);
  });

  it('refuses an unknown, inactive or mismatched actor with the spec message and queues nothing', async () => {
    const before = await h.database.sql`select count(*)::int as n from scrape_tasks`;
    for (const body of [
      { ...tiktokStart('a'), platformInfo: { platformId: 'myspace', displayName: 'x', scrapeType: 'keyword' } },
      { ...tiktokStart('a'), actorId: 'streamers/youtube-scraper', platformInfo: { platformId: 'youtube', displayName: 'YouTube', scrapeType: 'keyword' } },
      { ...tiktokStart('a'), actorId: 'someone/else' },
    ]) {
      const res = await h.request('POST', '/api/scrape/start', { token: alice, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Platform scraper tidak valid.');
    }
    const after = await h.database.sql`select count(*)::int as n from scrape_tasks`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('checks the target', async () => {
    const empty = await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('   ') });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Target tidak boleh kosong.');
    const notUrl = await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('bukan url', 'url') });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.message).toBe('Input untuk TikTok harus berupa URL yang valid.');
    const keywordOnUrlPlatform = await h.request('POST', '/api/scrape/start', {
      token: alice,
      body: { actorId: 'apify/facebook-posts-scraper', input: { startUrls: 'kucing' }, platformInfo: { platformId: 'facebook', displayName: 'Facebook', scrapeType: 'keyword' } },
    });
    expect(keywordOnUrlPlatform.status).toBe(400);
    expect(keywordOnUrlPlatform.body.message).toBe('Input untuk Facebook harus berupa URL.');
    const ok = await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('https://www.tiktok.com/@a/video/1', 'url') });
    expect(ok.status).toBe(202);
  });
});

describe('who sees which task', () => {
  let aliceTask: string;
  beforeAll(async () => {
    aliceTask = (await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('rahasia alice') })).body.taskId;
  });

  it("hides a member's task from another member (404, not 403)", async () => {
    expect((await h.request('GET', `/api/scrape/status/${aliceTask}`, { token: bob })).status).toBe(404);
    expect((await h.request('POST', `/api/scrape/cancel/${aliceTask}`, { token: bob })).status).toBe(404);
    expect((await h.request('DELETE', `/api/scrape/history/${aliceTask}`, { token: bob })).status).toBe(404);
    const bobsActive = await h.request('GET', '/api/scrape/active-tasks', { token: bob });
    expect(bobsActive.body.some((t: { id: string }) => t.id === aliceTask)).toBe(false);
    // Nothing changed for alice.
    expect((await h.request('GET', `/api/scrape/status/${aliceTask}`, { token: alice })).body.state).toBe('waiting');
  });

  it('shows every task to an admin', async () => {
    expect((await h.request('GET', `/api/scrape/status/${aliceTask}`, { token: admin })).status).toBe(200);
    const all = await h.request('GET', '/api/scrape/active-tasks', { token: admin });
    expect(all.body.some((t: { id: string }) => t.id === aliceTask)).toBe(true);
  });

  it('cancels once, then refuses; history delete waits until the task is finished', async () => {
    const task = (await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('batalkan saya') })).body.taskId;
    expect((await h.request('DELETE', `/api/scrape/history/${task}`, { token: alice })).status).toBe(409);
    const cancelled = await h.request('POST', `/api/scrape/cancel/${task}`, { token: alice });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect((await h.request('POST', `/api/scrape/cancel/${task}`, { token: alice })).status).toBe(409);
    const history = await h.request('GET', '/api/scrape/history', { token: alice });
    expect(history.body.history.find((r: { jobId: string }) => r.jobId === task)).toMatchObject({ status: 'cancelled', platform: 'tiktok', target: 'batalkan saya' });
    expect((await h.request('DELETE', `/api/scrape/history/${task}`, { token: alice })).status).toBe(200);
    const after = await h.request('GET', '/api/scrape/history', { token: alice });
    expect(after.body.history.some((r: { jobId: string }) => r.jobId === task)).toBe(false);
  });
});

describe('result files', () => {
  let fileName: string;
  beforeAll(async () => {
    const taskId = (await h.request('POST', '/api/scrape/start', { token: alice, body: tiktokStart('hasil') })).body.taskId;
    fileName = `tiktok_20261122-010203_${taskId.replace(/-/g, '').slice(0, 8)}.json`;
    const path = `results/alice/${fileName}`;
    const content = {
      items: [{ id: '1', platform: 'tiktok', url: 'https://www.tiktok.com/@a/video/1', duration: 10, title: 'Satu', author: 'a', play_count: 1, like_count: 1, thumbnail: '', raw: {} }],
      metadata: { taskId, platformId: 'tiktok', actorId: 'clockworks/tiktok-scraper', input: {}, owner: { id: taskId, username: 'alice' }, createdAt: new Date().toISOString(), itemCount: 1 },
    };
    await h.storage.write(path, JSON.stringify(content));
    await completeScrapeTask(h.database.db, taskId, { fileName, path, itemCount: 1 });
  });

  it('gives the owner and admins the content, and nobody else', async () => {
    const own = await h.request('GET', `/api/scrape/content/${fileName}`, { token: alice });
    expect(own.status).toBe(200);
    expect(own.body.items[0].title).toBe('Satu');
    expect((await h.request('GET', `/api/scrape/content/${fileName}`, { token: admin })).status).toBe(200);
    expect((await h.request('GET', `/api/scrape/content/${fileName}`, { token: bob })).status).toBe(404);
  });

  it('rejects file names that are not ours, traversal included', async () => {
    for (const name of ['..%2F..%2Fsecrets.json', '%2e%2e%2fsecrets.json', 'secrets.json', 'tiktok_20261122-010203_abcdefgh.json.txt', '..%5C..%5Cx.json']) {
      const res = await h.request('GET', `/api/scrape/content/${name}`, { token: alice });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toMatch(/Nama file hasil tidak valid/);
    }
    const traversal = await h.request('GET', '/api/scrape/content/../../secrets.json', { token: alice });
    expect([400, 404]).toContain(traversal.status);
  });

  it('answers 404 for a well-formed name that does not exist', async () => {
    expect((await h.request('GET', '/api/scrape/content/tiktok_20261122-010203_00000000.json', { token: alice })).status).toBe(404);
  });

  it('lists the finished task with its file and count in the history', async () => {
    const history = await h.request('GET', '/api/scrape/history', { token: alice });
    expect(history.body.history.find((r: { resultFileName: string | null }) => r.resultFileName === fileName)).toMatchObject({ status: 'completed', itemCount: 1 });
  });
});

describe('apify keys', () => {
  it('adds keys (validated at once; the first becomes active), shows only the last 4 characters, and validates with Apify', async () => {
    fake.addToken('apify_api_valid_token_1234abcd', 'pemilik');
    const first = await h.request('POST', '/api/keys', { token: admin, body: { key: 'apify_api_valid_token_1234abcd' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ type: 'apify', key: '…abcd', isActive: true, isValid: true, status: 'valid' });
    const second = await h.request('POST', '/api/keys', { token: admin, body: { key: 'apify_api_wrong_token_9999zzzz' } });
    expect(second.body).toMatchObject({ isActive: false, isValid: false, status: 'invalid' });

    const list = await h.request('GET', '/api/keys', { token: admin });
    expect(JSON.stringify(list.body)).not.toContain('apify_api_valid');
    const rows = await h.database.sql`select sealed_key from api_keys`;
    expect(JSON.stringify(rows)).not.toContain('apify_api_valid');

    const valid = await h.request('POST', `/api/keys/${first.body.id}/validate`, { token: admin });
    expect(valid.body).toMatchObject({ isValid: true });
    expect(valid.body.validationMessage).toContain('pemilik');
    const invalid = await h.request('POST', `/api/keys/${second.body.id}/validate`, { token: admin });
    expect(invalid.body.isValid).toBe(false);

    const activated = await h.request('PUT', `/api/keys/${second.body.id}/set-active`, { token: admin });
    expect(activated.body.isActive).toBe(true);
    const afterSwitch = await h.request('GET', '/api/keys', { token: admin });
    expect(afterSwitch.body.filter((k: { isActive: boolean }) => k.isActive).map((k: { id: string }) => k.id)).toEqual([second.body.id]);

    // Deleting the active key hands activity to the remaining one.
    expect((await h.request('DELETE', `/api/keys/${second.body.id}`, { token: admin })).status).toBe(200);
    const remaining = await h.request('GET', '/api/keys', { token: admin });
    expect(remaining.body).toHaveLength(1);
    expect(remaining.body[0].isActive).toBe(true);
  });

  it('refuses an empty key, unknown ids, and members', async () => {
    const empty = await h.request('POST', '/api/keys', { token: admin, body: { key: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/API key tidak boleh kosong/);
    expect((await h.request('DELETE', '/api/keys/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(404);
    expect((await h.request('GET', '/api/keys', { token: alice })).status).toBe(403);
  });
});
