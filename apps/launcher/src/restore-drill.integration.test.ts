// The restore drill of docs/operations.md, performed: the product as `npm start` runs it
// (embedded PostgreSQL, API, worker) gets a member, a downloaded file and stored secrets; it is
// stopped and backed up with the guide's own backup block; DATA_DIR is wiped; the guide's
// restore block brings it back; the product starts again and serves the same logins, the same
// bytes and secrets that still open. The shell blocks are read from the guide itself, so the
// guide cannot drift from what this test proves.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@scrapper/db/embedded';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const guide = fileURLToPath(new URL('../../../docs/operations.md', import.meta.url));
const rotateCli = fileURLToPath(new URL('../../api/src/secrets-rotate.ts', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'scrapper-restore-drill-'));
const dataDir = join(workDir, 'data');
const backupFile = join(workDir, 'backup', 'scrapper.tar.gz');
let product: ChildProcess | undefined;
let base = '';
let port = 0;
let fake: FakeApify;
let media: MediaServer;

/** The ```sh block that follows `<!-- drill:<name> -->` in docs/operations.md. */
function guideBlock(name: string): string {
  const text = readFileSync(guide, 'utf8');
  const match = new RegExp(`<!-- drill:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (!match?.[1]) throw new Error(`docs/operations.md has no drill:${name} block`);
  return match[1];
}

function runGuideBlock(name: string): void {
  const res = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', guideBlock(name)], {
    env: { PATH: process.env.PATH, HOME: workDir, DATA_DIR: dataDir, BACKUP: backupFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`drill:${name} failed (${res.status}): ${res.stderr}`);
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startProduct(): Promise<void> {
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
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  };
  // Keys come from DATA_DIR/secrets.json, as on a machine set up by `npm start`.
  for (const name of ['DATABASE_URL', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS', 'JWT_SECRET']) delete env[name];
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  product = child;
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  await until('the product', async () => (out.includes('Scrapper is running at') ? true : child.exitCode !== null ? Promise.reject(new Error(out)) : undefined), 120_000);
}

async function stopProduct(): Promise<void> {
  const child = product;
  product = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const payload: unknown = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: payload as any };
}

async function login(username: string, password: string): Promise<{ status: number; token: string }> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await res.json()) as { token?: string };
  return { status: res.status, token: body.token ?? '' };
}

beforeAll(async () => {
  fake = await startFakeApify({ waitForFinishCapMs: 50 });
  media = await startMediaServer();
  port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  fake.script('clockworks/tiktok-scraper', {
    polls: 1,
    items: [{ id: '7001', text: 'Klip cadangan', webVideoUrl: media.urls.clip8s, authorMeta: { name: 'satu' }, videoMeta: { duration: 8 } }],
  });
}, 60_000);

afterAll(async () => {
  await stopProduct();
  await fake?.close();
  await media?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('the restore drill of docs/operations.md', () => {
  const before: { memberToken: string; historyId: string; file: Buffer; keyId: string; cookies: string } = { memberToken: '', historyId: '', file: Buffer.alloc(0), keyId: '', cookies: '' };
  let restored = false;

  it('a running product gets a member, a downloaded file and stored secrets', async () => {
    await startProduct();
    const admin = (await login('admin', 'admin-password')).token;
    expect((await call('POST', '/api/admin/users', admin, { username: 'anggota', password: 'anggota-password', role: 'user' })).status).toBe(201);
    const key = await call('POST', '/api/keys', admin, { key: fake.token });
    expect(key.status).toBe(201);
    before.keyId = key.body.id;
    const cookies = await call('POST', '/api/config/cookies', admin, { tiktok: ['sessionid=cadangan123; tt_csrf_token=abc'] });
    expect(cookies.status).toBe(200);
    before.cookies = JSON.stringify(cookies.body.tiktok);

    before.memberToken = (await login('anggota', 'anggota-password')).token;
    const start = await call('POST', '/api/scrape/start', before.memberToken, {
      actorId: 'clockworks/tiktok-scraper',
      input: { searchQueries: 'cadangan', resultsPerPage: 1 },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    });
    expect(start.status).toBe(202);
    const task = await until('the scrape', async () => {
      const s = await call('GET', `/api/scrape/status/${start.body.taskId}`, before.memberToken);
      return s.body.state === 'completed' || s.body.state === 'failed' ? s.body : undefined;
    });
    expect(task.error).toBeNull();
    const download = await call('GET', `/api/media/download/7001?filename=${task.result.fileName}&quality=720p`, before.memberToken);
    expect(download.status).toBe(200);
    const history = await call('GET', '/api/media/history', before.memberToken);
    expect(history.body.history).toHaveLength(1);
    before.historyId = history.body.history[0].id;
    const stored = await call('GET', `/api/media/download/history/${before.historyId}`, before.memberToken);
    expect(stored.status).toBe(200);
    before.file = stored.body as Buffer;
    expect(before.file.length).toBeGreaterThan(1000);
  }, 240_000);

  it("backs up with the guide's block, wipes DATA_DIR, and restores with the guide's block", async () => {
    await stopProduct();
    mkdirSync(dirname(backupFile), { recursive: true });
    runGuideBlock('backup');
    expect(existsSync(backupFile)).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    expect(existsSync(dataDir)).toBe(false);
    runGuideBlock('restore');
    expect(existsSync(join(dataDir, 'postgres', 'pgdata', 'PG_VERSION'))).toBe(true);
    restored = true;
  }, 120_000);

  it('the restored product serves the same logins, the same bytes, and secrets that open', async () => {
    expect(restored).toBe(true);
    await startProduct();
    // The same password logs in; the token issued before the backup still works (same JWT_SECRET).
    expect((await login('anggota', 'anggota-password')).status).toBe(200);
    expect((await login('anggota', 'salah-password')).status).toBe(401);
    const history = await call('GET', '/api/media/history', before.memberToken);
    expect(history.status).toBe(200);
    expect(history.body.history.map((h: { id: string; fileExists: boolean }) => [h.id, h.fileExists])).toEqual([[before.historyId, true]]);
    const stored = await call('GET', `/api/media/download/history/${before.historyId}`, before.memberToken);
    expect(stored.status).toBe(200);
    expect((stored.body as Buffer).equals(before.file)).toBe(true);

    const admin = (await login('admin', 'admin-password')).token;
    // Opening the sealed Apify key: the check sends it to (fake) Apify, which accepts only it.
    const validated = await call('POST', `/api/keys/${before.keyId}/validate`, admin);
    expect(validated.status).toBe(200);
    expect(validated.body.isValid).toBe(true);
    // Opening the sealed cookies: the list shows their names as stored.
    const cookies = await call('GET', '/api/config/cookies', admin);
    expect(cookies.status).toBe(200);
    expect(JSON.stringify(cookies.body.tiktok)).toBe(before.cookies);
  }, 240_000);

  it('pnpm secrets:rotate moves the one-machine database to a new key, running or stopped', async () => {
    expect(restored).toBe(true);
    const secretsFile = join(dataDir, 'secrets.json');
    const local = JSON.parse(readFileSync(secretsFile, 'utf8')) as { jwtSecret: string; secretsKey: string };
    const newKey = randomBytes(32).toString('base64');
    // No DATABASE_URL: the CLI finds the embedded server `npm start` runs, or starts it itself.
    const rotate = () =>
      spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', rotateCli], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: local.secretsKey },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const running = rotate();
    expect(running.stderr).toBe('');
    expect(running.status).toBe(0);
    expect(running.stdout).toContain('API keys (Apify, Gemini): 1 found, 1 re-encrypted, 0 already under the new key');
    expect(running.stdout).toContain('cookie sets: 1 found, 1 re-encrypted, 0 already under the new key');
    await stopProduct();
    const stopped = rotate();
    expect(stopped.status).toBe(0);
    expect(stopped.stdout).toContain('API keys (Apify, Gemini): 1 found, 0 re-encrypted, 1 already under the new key');
    // The guide's last step on one machine: the new key into secrets.json, then start.
    writeFileSync(secretsFile, JSON.stringify({ ...local, secretsKey: newKey }, null, 2), { mode: 0o600 });
    await startProduct();
    const admin = (await login('admin', 'admin-password')).token;
    const validated = await call('POST', `/api/keys/${before.keyId}/validate`, admin);
    expect(validated.body.isValid).toBe(true);
    const cookies = await call('GET', '/api/config/cookies', admin);
    expect(JSON.stringify(cookies.body.tiktok)).toBe(before.cookies);
  }, 240_000);
});
