// What the restore drills of docs/operations.md share: the guide's own shell blocks, the product
// started as `npm start` runs it, the data a drill backs up (a member, a downloaded file, a sealed
// Apify key and cookies) and the checks that the restored product still has all of it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const guide = fileURLToPath(new URL('../../../docs/operations.md', import.meta.url));

/** The ```sh block that follows `<!-- drill:<name> -->` in docs/operations.md. */
export function guideBlock(name: string): string {
  const text = readFileSync(guide, 'utf8');
  const match = new RegExp(`<!-- drill:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (!match?.[1]) throw new Error(`docs/operations.md has no drill:${name} block`);
  return match[1];
}

/** Runs a guide block word for word, with only the variables the guide names in its environment. */
export function runGuideBlock(name: string, env: Record<string, string | undefined>): void {
  const res = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', guideBlock(name)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`drill:${name} failed (${res.status}): ${res.stderr}`);
}

export async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Answer {
  status: number;
  // System tests read arbitrary JSON answers field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The launcher (`apps/launcher/src/main.ts`) in a child process, and HTTP calls to it. */
export class Product {
  private child: ChildProcess | undefined;
  readonly base: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(base: string, env: NodeJS.ProcessEnv) {
    this.base = base;
    this.env = env;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    await until('the product', async () => (out.includes('Scrapper is running at') ? true : child.exitCode !== null ? Promise.reject(new Error(out)) : undefined), 120_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  async call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    const payload: unknown = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: payload };
  }

  async login(username: string, password: string): Promise<{ status: number; token: string }> {
    const res = await fetch(`${this.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const body = (await res.json()) as { token?: string };
    return { status: res.status, token: body.token ?? '' };
  }
}

/** The environment of the product as a drill starts it; `extra` adds or overrides. */
export function productEnv(options: { dataDir: string; port: number; fake: FakeApify; extra?: NodeJS.ProcessEnv }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    APIFY_BASE_URL: options.fake.baseUrl,
    APIFY_POLL_SECONDS: '0',
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  };
  // Nothing of the machine running the tests leaks in: what a drill needs, it sets in `extra`.
  for (const name of ['DATABASE_URL', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS', 'JWT_SECRET', 'STORAGE_DRIVER']) delete env[name];
  return { ...env, ...options.extra };
}

/** The one item the fake Apify returns to a drill's scrape: a clip of the fake media server. */
export function scriptDrillScrape(fake: FakeApify, media: MediaServer): void {
  fake.script('clockworks/tiktok-scraper', {
    polls: 1,
    items: [{ id: '7001', text: 'Klip cadangan', webVideoUrl: media.urls.clip8s, authorMeta: { name: 'satu' }, videoMeta: { duration: 8 } }],
  });
}

/** What a drill backs up and expects back after the restore. */
export interface DrillData {
  memberToken: string;
  historyId: string;
  file: Buffer;
  keyId: string;
  cookies: string;
}

/** A member, a file the member downloaded (kept in storage), a sealed Apify key and sealed cookies. */
export async function createDrillData(product: Product, fake: FakeApify): Promise<DrillData> {
  const admin = (await product.login('admin', 'admin-password')).token;
  expect((await product.call('POST', '/api/admin/users', admin, { username: 'anggota', password: 'anggota-password', role: 'user' })).status).toBe(201);
  const key = await product.call('POST', '/api/keys', admin, { key: fake.token });
  expect(key.status).toBe(201);
  const cookies = await product.call('POST', '/api/config/cookies', admin, { tiktok: ['sessionid=cadangan123; tt_csrf_token=abc'] });
  expect(cookies.status).toBe(200);

  const memberToken = (await product.login('anggota', 'anggota-password')).token;
  const start = await product.call('POST', '/api/scrape/start', memberToken, {
    actorId: 'clockworks/tiktok-scraper',
    input: { searchQueries: 'cadangan', resultsPerPage: 1 },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  expect(start.status).toBe(202);
  const task = await until('the scrape', async () => {
    const s = await product.call('GET', `/api/scrape/status/${start.body.taskId}`, memberToken);
    return s.body.state === 'completed' || s.body.state === 'failed' ? s.body : undefined;
  });
  expect(task.error).toBeNull();
  const download = await product.call('GET', `/api/media/download/7001?filename=${task.result.fileName}&quality=720p`, memberToken);
  expect(download.status).toBe(200);
  const history = await product.call('GET', '/api/media/history', memberToken);
  expect(history.body.history).toHaveLength(1);
  const historyId: string = history.body.history[0].id;
  const stored = await product.call('GET', `/api/media/download/history/${historyId}`, memberToken);
  expect(stored.status).toBe(200);
  const file = stored.body as Buffer;
  expect(file.length).toBeGreaterThan(1000);
  return { memberToken, historyId, file, keyId: key.body.id, cookies: JSON.stringify(cookies.body.tiktok) };
}

/** The restored product has the same logins, serves the same bytes, and its secrets open. */
export async function expectDrillDataBack(product: Product, before: DrillData): Promise<void> {
  // The same password logs in; the token issued before the backup still works (same JWT_SECRET).
  expect((await product.login('anggota', 'anggota-password')).status).toBe(200);
  expect((await product.login('anggota', 'salah-password')).status).toBe(401);
  const history = await product.call('GET', '/api/media/history', before.memberToken);
  expect(history.status).toBe(200);
  expect(history.body.history.map((h: { id: string; fileExists: boolean }) => [h.id, h.fileExists])).toEqual([[before.historyId, true]]);
  const stored = await product.call('GET', `/api/media/download/history/${before.historyId}`, before.memberToken);
  expect(stored.status).toBe(200);
  expect((stored.body as Buffer).equals(before.file)).toBe(true);

  const admin = (await product.login('admin', 'admin-password')).token;
  // Opening the sealed Apify key: the check sends it to (fake) Apify, which accepts only it.
  const validated = await product.call('POST', `/api/keys/${before.keyId}/validate`, admin);
  expect(validated.status).toBe(200);
  expect(validated.body.isValid).toBe(true);
  // Opening the sealed cookies: the list shows their names as stored.
  const cookies = await product.call('GET', '/api/config/cookies', admin);
  expect(cookies.status).toBe(200);
  expect(JSON.stringify(cookies.body.tiktok)).toBe(before.cookies);
}
