// `pnpm secrets:rotate` on a database holding every kind of sealed secret (API keys, OAuth client
// secrets, OAuth tokens, cookies, members' own cookies, webhook secrets), run as the operator runs it (plain `node`, a child process),
// while the real API process serves with SECRETS_KEY=B and SECRETS_KEY_PREVIOUS=A.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@scrapper/db/client';
import { findFreePort } from '@scrapper/db/embedded';
import { createTestDatabase, type TestDatabase } from '@scrapper/db/testing';
import { createSecretBox } from '@scrapper/integrations/secret-box';

const cli = fileURLToPath(new URL('./secrets-rotate.ts', import.meta.url));
const server = fileURLToPath(new URL('./server.ts', import.meta.url));
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const boxA = createSecretBox(keyA);
const boxB = createSecretBox(keyB);
const onlyB = createSecretBox(keyB);

let testDb: TestDatabase;
let database: Database;
let sql: Database['sql'];
let dataDir: string;
let api: { child: ChildProcess; base: string } | undefined;

/** Every sealed value, by table and row, as stored. */
async function sealedValues(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of await sql`select id::text as id, sealed_key as v from api_keys`) out[`api_keys ${r.id}`] = r.v;
  for (const r of await sql`select id::text as id, sealed_client_secret as v from oauth_client_secrets`) out[`oauth_client_secrets ${r.id}`] = r.v;
  for (const r of await sql`select id::text as id, sealed_tokens as v from youtube_accounts`) out[`youtube_accounts ${r.id}`] = r.v;
  for (const r of await sql`select platform as id, sealed_cookies as v from cookie_sets`) out[`cookie_sets ${r.id}`] = r.v;
  for (const r of await sql`select owner_id::text || ' ' || platform as id, sealed_cookies as v from member_cookies`) out[`member_cookies ${r.id}`] = r.v;
  for (const r of await sql`select id::text as id, sealed_secret as v from webhooks`) out[`webhooks ${r.id}`] = r.v;
  return out;
}

/** The plain text of every value, opened with the keys given (throws when one does not open). */
async function plainValues(box: ReturnType<typeof createSecretBox>): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await sealedValues()).map(([k, v]) => [k, box.open(v)]));
}

function rotate(args: string[] = [], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<{ code: number | null; out: string; err: string }> } {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', cli, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: testDb.url, DATA_DIR: dataDir, SECRETS_KEY: keyB, SECRETS_KEY_PREVIOUS: keyA, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
  return { child, done };
}

async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', server], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'rotation-test-jwt-secret-0123456789abcdef',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password',
      YTDLP_AUTO_UPDATE: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited: ${output}`);
    if (i > 600) throw new Error(`the API did not start: ${output}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopApi(): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  const exited = new Promise((r) => api?.child.once('exit', r));
  api.child.kill('SIGTERM');
  await exited;
  api = undefined;
}

async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin-password' }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Requests that open sealed secrets: the cookie list (cookies) and starting an OAuth connect (client secret). */
async function requestsNeedingSecrets(base: string, clientId: string): Promise<{ cookies: number; cookieBody: unknown; oauth: number }> {
  const token = await adminToken(base);
  const headers = { authorization: `Bearer ${token}` };
  const cookies = await fetch(`${base}/api/config/cookies`, { headers });
  const oauth = await fetch(`${base}/api/youtube/auth/url?clientSecretId=${clientId}`, { headers });
  return { cookies: cookies.status, cookieBody: await cookies.json(), oauth: oauth.status };
}

let clientId = '';

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
  sql = database.sql;
  dataDir = mkdtempSync(join(tmpdir(), 'scrapper-rotate-test-'));
  api = await startApi({ SECRETS_KEY: keyB, SECRETS_KEY_PREVIOUS: keyA });
  const [admin] = await sql`select id from users where username = 'admin'`;
  // Every kind, sealed with the old key A; one Apify key written "during the switch" with B.
  await sql`insert into api_keys (type, sealed_key, last_eight, label) values
    ('apify', ${boxA.seal('apify_api_AAAAAAAA11111111')}, '11111111', 'lama'),
    ('gemini', ${boxA.seal('AIzaGeminiAAAA22222222')}, '22222222', null),
    ('apify', ${boxB.seal('apify_api_BBBBBBBB33333333')}, '33333333', 'baru')`;
  const [client] = await sql`insert into oauth_client_secrets (name, client_id, sealed_client_secret, secret_last_four, redirect_uri)
    values ('Proyek', 'client-1.apps.googleusercontent.com', ${boxA.seal('GOCSPX-rahasia')}, 'asia', 'http://127.0.0.1/cb') returning id`;
  clientId = String(client?.id);
  await sql`insert into youtube_accounts (user_id, client_secret_id, channel_id, account_name, sealed_tokens, is_valid)
    values (${String(admin?.id)}, ${clientId}, 'UC123', 'Kanal', ${boxA.seal(JSON.stringify({ accessToken: 'ya29.x', refreshToken: '1//r', expiryDate: 1, scope: 'youtube' }))}, true)`;
  await sql`insert into cookie_sets (platform, sealed_cookies) values
    ('tiktok', ${boxA.seal(JSON.stringify(['sessionid=abc; tt_csrf=1']))}),
    ('youtube', ${boxA.seal(JSON.stringify(['SID=xyz']))})`;
  // A member's own cookies (browser extension): a composite key (owner, platform).
  await sql`insert into member_cookies (owner_id, platform, sealed_cookies, cookie_count) values
    (${String(admin?.id)}, 'tiktok', ${boxA.seal('.tiktok.com\tTRUE\t/\tTRUE\t0\tsessionid\tmilik-admin')}, 1)`;
  // A member's webhook signing secret (issue 21).
  await sql`insert into webhooks (owner_id, url, events, sealed_secret) values
    (${String(admin?.id)}, 'https://hooks.example.com/in', ${['scrape.completed']}, ${boxA.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')})`;
}, 120_000);

afterAll(async () => {
  await stopApi();
  await database?.close();
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('secret rotation', () => {
  let before: Record<string, string> = {};
  let plain: Record<string, string> = {};

  it('the API with SECRETS_KEY=B and SECRETS_KEY_PREVIOUS=A serves requests that open A-sealed secrets', async () => {
    before = await sealedValues();
    plain = await plainValues(createSecretBox(keyB, keyA));
    // The values really are under A: B alone does not open them.
    expect(() => onlyB.open(before[`cookie_sets tiktok`] ?? '')).toThrow();
    const res = await requestsNeedingSecrets(api?.base ?? '', clientId);
    expect(res.cookies).toBe(200);
    expect(JSON.stringify(res.cookieBody)).toContain('sessionid=');
    expect(res.oauth).toBe(200);
  });

  it('a dry run reports the counts and changes nothing', async () => {
    const run = await rotate(['--dry-run']).done;
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('API keys (Apify, Gemini): 3 found, 2 would re-encrypt, 1 already under the new key');
    expect(await sealedValues()).toEqual(before);
  });

  it('a value neither key opens fails the run part way and changes nothing; the app still reads everything', async () => {
    await sql`insert into cookie_sets (platform, sealed_cookies) values ('zz-asing', ${createSecretBox(randomBytes(32).toString('base64')).seal('[]')})`;
    const run = await rotate().done;
    expect(run.code).toBe(1);
    expect(run.err).toContain('cookie_sets zz-asing');
    await sql`delete from cookie_sets where platform = 'zz-asing'`;
    // api_keys, client secrets and tokens came before cookie_sets: their updates were rolled back.
    expect(await sealedValues()).toEqual(before);
    expect(await plainValues(createSecretBox(keyB, keyA))).toEqual(plain);
  });

  it('a run killed mid-transaction leaves every value readable with A or B, and requests keep working meanwhile', async () => {
    // Hold one cookie row so the run stops there, after it rewrote the keys, secrets and tokens.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const holder = createDatabase(testDb.url, { max: 1 });
    const holding = holder.sql.begin(async (tx) => {
      await tx`select 1 from cookie_sets where platform = 'youtube' for update`;
      await held;
    });
    const run = rotate();
    for (let i = 0; ; i++) {
      const [waiting] = await sql`select count(*)::int as n from pg_stat_activity where application_name = 'scrapper-secrets-rotate' and wait_event_type = 'Lock'`;
      if (waiting?.n === 1) break;
      if (i > 600) throw new Error(`the rotation never reached the held row: ${JSON.stringify(await sql`select application_name, state, wait_event_type, wait_event, query from pg_stat_activity where datname = current_database()`)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Mid-rotation: the API still serves both kinds of request.
    const mid = await requestsNeedingSecrets(api?.base ?? '', clientId);
    expect([mid.cookies, mid.oauth]).toEqual([200, 200]);
    run.child.kill('SIGKILL');
    expect((await run.done).code).toBeNull();
    release();
    await holding;
    await holder.close();
    // The killed run's transaction never committed: everything is as it was.
    expect(await sealedValues()).toEqual(before);
    expect(await plainValues(createSecretBox(keyB, keyA))).toEqual(plain);
  }, 120_000);

  it('re-encrypts every value to B, reports counts per kind, and a second run changes nothing', async () => {
    const run = await rotate().done;
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('API keys (Apify, Gemini): 3 found, 2 re-encrypted, 1 already under the new key');
    expect(run.out).toContain('OAuth client secrets: 1 found, 1 re-encrypted, 0 already under the new key');
    expect(run.out).toContain('OAuth tokens (YouTube channels): 1 found, 1 re-encrypted, 0 already under the new key');
    expect(run.out).toContain('cookie sets: 2 found, 2 re-encrypted, 0 already under the new key');
    expect(run.out).toContain("members' own cookies (browser extension): 1 found, 1 re-encrypted, 0 already under the new key");
    // B alone opens every value, to the same plain text; A opens none.
    expect(await plainValues(onlyB)).toEqual(plain);
    for (const sealed of Object.values(await sealedValues())) expect(() => boxA.open(sealed)).toThrow();

    const after = await sealedValues();
    const again = await rotate().done;
    expect(again.code).toBe(0);
    expect(again.out).toContain('API keys (Apify, Gemini): 3 found, 0 re-encrypted, 3 already under the new key');
    expect(again.out).toContain('cookie sets: 2 found, 0 re-encrypted, 2 already under the new key');
    expect(again.out).toContain("members' own cookies (browser extension): 1 found, 0 re-encrypted, 1 already under the new key");
    expect(await sealedValues()).toEqual(after);
  });

  it('the API with SECRETS_KEY=B alone serves the same requests after the rotation', async () => {
    await stopApi();
    api = await startApi({ SECRETS_KEY: keyB });
    const res = await requestsNeedingSecrets(api.base, clientId);
    expect([res.cookies, res.oauth]).toEqual([200, 200]);
    expect(JSON.stringify(res.cookieBody)).toContain('sessionid=');
  });

  it('refuses to start without the old key, naming it', async () => {
    const run = await rotate([], { SECRETS_KEY_PREVIOUS: '' }).done;
    expect(run.code).toBe(2);
    expect(run.err).toContain('SECRETS_KEY_PREVIOUS');
  });
});
