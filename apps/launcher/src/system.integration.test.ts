// The whole product as `npm start` runs it (embedded PostgreSQL, API and worker processes),
// against the testkit's fake Apify and media server: scrape, open the result, download,
// preview, batch, history, and the walls between members.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@scrapper/db/embedded';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'scrapper-system-test-'));
let child: ChildProcess;
let base = '';
let fake: FakeApify;
let media: MediaServer;
let admin = '';
let member = '';
let other = '';
let fileName = '';
let items: Array<{ id: string; title: string; url: string }> = [];

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const payload: unknown = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: payload as any };
}

async function login(username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return ((await res.json()) as { token: string }).token;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  fake = await startFakeApify({ waitForFinishCapMs: 50 });
  media = await startMediaServer();
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    APIFY_BASE_URL: fake.baseUrl,
    APIFY_POLL_SECONDS: '0',
    FETCH_ALLOW_PRIVATE_HOSTS: new URL(media.urls.clip8s).host,
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  await until('the launcher', async () => (out.includes('Scrapper is running at') ? true : child.exitCode !== null ? Promise.reject(new Error(out)) : undefined), 90_000);

  admin = await login('admin', 'admin-password');
  for (const username of ['member', 'other']) {
    await call('POST', '/api/admin/users', admin, { username, password: `${username}-password`, role: 'user' });
  }
  member = await login('member', 'member-password');
  other = await login('other', 'other-password');
  expect((await call('POST', '/api/keys', admin, { key: fake.token })).status).toBe(201);

  // The seeded TikTok actor; its items point at the media server.
  fake.script('clockworks/tiktok-scraper', {
    polls: 1,
    items: [
      { id: '7001', text: 'Klip delapan detik', webVideoUrl: media.urls.clip8s, authorMeta: { name: 'satu' }, videoMeta: { duration: 8 } },
      { id: '7002', text: 'Klip HLS', webVideoUrl: media.urls.hlsMaster, authorMeta: { name: 'dua' }, videoMeta: { duration: 4 } },
      { id: '7003', text: 'Klip yang hilang', webVideoUrl: media.urls.notFound, authorMeta: { name: 'tiga' }, videoMeta: { duration: 3 } },
    ],
  });
}, 150_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await fake.close();
  await media.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('scrape, then download', () => {
  it('scrapes through the seeded actor and lists the result file and its items', async () => {
    const start = await call('POST', '/api/scrape/start', member, {
      actorId: 'clockworks/tiktok-scraper',
      input: { searchQueries: 'kucing', resultsPerPage: 3 },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
    expect(start.status).toBe(202);
    const task = await until('the scrape', async () => {
      const s = await call('GET', `/api/scrape/status/${start.body.taskId}`, member);
      return s.body.state === 'completed' || s.body.state === 'failed' ? s.body : undefined;
    });
    expect(task.error).toBeNull();
    expect(task.result.itemCount).toBe(3);
    fileName = task.result.fileName;

    const files = await call('GET', '/api/data/files', member);
    expect(files.body.files.map((f: { fileName: string }) => f.fileName)).toEqual([fileName]);
    expect(files.body.pagination).toEqual({ total: 1, hasMore: false });
    const list = await call('GET', `/api/data/items?filename=${fileName}`, member);
    expect(list.status).toBe(200);
    items = list.body.items;
    expect(items.map((i) => i.title)).toEqual(['Klip delapan detik', 'Klip HLS', 'Klip yang hilang']);
  });

  it('downloads one item in 720p with its title as the file name, and records it', async () => {
    const res = await call('GET', `/api/media/download/7002?filename=${fileName}&quality=720p`, member);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toContain('filename="Klip HLS.mp4"');
    expect((res.body as Buffer).length).toBeGreaterThan(1000);
    const history = await call('GET', '/api/media/history', member);
    expect(history.body.history).toEqual([expect.objectContaining({ title: 'Klip HLS', quality: '720p', status: 'completed', fileExists: true })]);
  });

  it('refuses a quality outside the list with 400', async () => {
    const res = await call('GET', `/api/media/download/7002?filename=${fileName}&quality=4k`, member);
    expect(res.status).toBe(400);
  });

  it("answers 502 with yt-dlp's reason for an item it cannot fetch", async () => {
    const res = await call('GET', `/api/media/download/7003?filename=${fileName}`, member);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/Klip yang hilang/);
    // One Indonesian sentence for the member; yt-dlp's own words (the 404) under "Detail".
    expect(res.body.message).toMatch(/Video tidak ditemukan di tautan ini/);
    expect(res.body.detail).toMatch(/404/);
    // A failed download leaves no history entry.
    const history = await call('GET', '/api/media/history', member);
    expect(history.body.history.map((h: { title: string }) => h.title)).toEqual(['Klip HLS']);
  });

  it('serves a preview with Range support', async () => {
    const whole = await call('GET', `/api/media/preview/7001?filename=${fileName}`, member);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(`${base}/api/media/preview/7001?filename=${fileName}`, { headers: { authorization: `Bearer ${member}`, range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('downloads a batch on the server: the good items complete, the bad one fails with its reason', async () => {
    const started = await call('POST', '/api/media/batches', member, { filename: fileName, itemIds: ['7001', '7002', '7003'], quality: 'best' });
    expect(started.status).toBe(202);
    const batch = await until('the batch', async () => {
      const b = await call('GET', `/api/media/batches/${started.body.id}`, member);
      return b.body.done ? b.body : undefined;
    });
    expect(batch).toMatchObject({ total: 3, completed: 2, failed: 1 });
    const failed = batch.items.find((i: { itemId: string }) => i.itemId === '7003');
    expect(failed.error).toMatch(/Video tidak ditemukan di tautan ini/);
    expect(failed.errorDetail).toMatch(/404/);
  }, 120_000);

  it('keeps another member out of the file, its items, downloads and previews', async () => {
    expect((await call('GET', `/api/data/items?filename=${fileName}`, other)).status).toBe(404);
    expect((await call('GET', `/api/media/download/7001?filename=${fileName}`, other)).status).toBe(404);
    expect((await call('GET', `/api/media/preview/7001?filename=${fileName}`, other)).status).toBe(404);
    expect((await call('GET', '/api/data/files', other)).body).toEqual({ files: [], pagination: { total: 0, hasMore: false } });
    // An admin may open it, naming the owner.
    expect((await call('GET', `/api/data/items?filename=${fileName}&username=member`, admin)).status).toBe(200);
  });

  it('rejects traversal in every file name parameter', async () => {
    for (const bad of ['..%2F..%2Fsecrets.json', '../secrets.json', '%2e%2e%2fx.json']) {
      expect((await call('GET', `/api/data/items?filename=${bad}`, member)).status).toBe(400);
      expect((await call('GET', `/api/media/download/7001?filename=${bad}`, member)).status).toBe(400);
      expect((await call('GET', `/api/media/preview/7001?filename=${bad}`, member)).status).toBe(400);
    }
  });
});
