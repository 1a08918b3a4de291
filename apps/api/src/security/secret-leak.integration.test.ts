// Secrets never leave whole: known secrets are planted through the real API (an Apify key, a
// Gemini key, a YouTube client secret, OAuth tokens from a real consent through the fake
// Google, a cookie file, user passwords), used (validation, generation, token refresh, failing
// upstreams), then every GET route of the route table is called as an admin and as a member.
// Every response (status line, headers, body) of the run and every log line the API wrote at
// trace level is scanned for each secret and for any 12-character piece of one. Masked forms
// (`...` plus the last eight, or the last four) are shorter than that and pass.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@scrapper/contracts/http';
import { youtubeAccounts } from '@scrapper/db/schema';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../test/harness.ts';
import { hashPassword } from '../services/auth/password.ts';
import { seedActorConfigs } from '../services/actor-configs/seed-actor-configs.ts';
import { consent, fakeGoogleEnv } from '../../test/youtube.ts';
import { buildFixtures, pathOf, type Fixture, type Member } from '../../test/security-fixtures.ts';

const WINDOW = 12;
const rand = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

/** name -> value; values the test learns on the way (OAuth code and tokens) are added later. */
const secrets: Record<string, string> = {
  apifyKey: `apify_api_${rand(36)}`,
  apifyKeyRefused: `apify_api_${rand(36)}`,
  geminiKey: `AIzaSy${rand(33)}`,
  geminiKeyRefused: `AIzaSy${rand(33)}`,
  clientSecret: `GOCSPX-${rand(28)}`,
  clientSecretRotated: `GOCSPX-${rand(28)}`,
  cookieSession: rand(40),
  cookieHeaderSession: rand(48),
  memberCookieSession: rand(44),
  adminPassword: `sandi-admin-${rand(16)}`,
  memberPassword: `sandi-anggota-${rand(16)}`,
  newUserPassword: `sandi-baru-${rand(16)}`,
  changedPassword: `sandi-ganti-${rand(16)}`,
  wrongPassword: `sandi-salah-${rand(16)}`,
};

interface Seen {
  where: string;
  text: string;
}

let h: Harness;
let apify: FakeApify;
let google: FakeGoogle;
let admin: Member;
let member: Member;
let fixtures: Record<string, Fixture>;
const responses: Seen[] = [];

async function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await h.request(method, path, { token, body });
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  responses.push({ where: `${method} ${path} -> ${res.status}`, text: `${headers}\n${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}` });
  return res;
}

beforeAll(async () => {
  apify = await startFakeApify({ tokens: { [secrets.apifyKey as string]: 'pemilik-kunci' } });
  google = await startFakeGoogle({ autoApprove: true, geminiKeys: [secrets.geminiKey as string] });
  h = await startHarness({ APIFY_BASE_URL: apify.baseUrl, ...fakeGoogleEnv(google), LOG_LEVEL: 'trace' }, { captureLogs: true });
  secrets.jwtSecret = h.env.jwtSecret;
  secrets.secretsKey = h.env.secretsKey;
  await seedActorConfigs(h.database);
  const adminId = (await h.createUser('rahasia-admin', secrets.adminPassword as string, 'admin')).id;
  const memberId = (await h.createUser('rahasia-anggota', secrets.memberPassword as string, 'user')).id;
  admin = { id: adminId, username: 'rahasia-admin', token: await h.login('rahasia-admin', secrets.adminPassword as string) };
  member = { id: memberId, username: 'rahasia-anggota', token: await h.login('rahasia-anggota', secrets.memberPassword as string) };
  fixtures = buildFixtures({ h, admin, fake: google, passwordHash: await hashPassword('throwaway-password') });
}, 60_000);
afterAll(async () => {
  await h.close();
  await apify.close();
  await google.close();
});

/** Plants every secret through the API and uses it the ways the product does. */
async function plant(): Promise<{ accountId: string }> {
  const a = admin.token;
  // Passwords: a new user, a changed password, a wrong and a right login.
  const created = await call('POST', '/api/admin/users', a, { username: 'pengguna-baru', password: secrets.newUserPassword, role: 'user' });
  expect(created.status).toBe(201);
  expect((await call('PUT', `/api/admin/users/${created.body.id}`, a, { role: 'user', password: secrets.changedPassword })).status).toBe(200);
  expect((await call('POST', '/api/auth/login', undefined, { username: 'pengguna-baru', password: secrets.wrongPassword })).status).toBe(401);
  expect((await call('POST', '/api/auth/login', undefined, { username: 'pengguna-baru', password: secrets.changedPassword })).status).toBe(200);

  // Apify keys: a good one and one Apify refuses, both validated.
  const apifyKey = await call('POST', '/api/keys', a, { key: secrets.apifyKey });
  const refused = await call('POST', '/api/keys', a, { key: secrets.apifyKeyRefused });
  await call('POST', `/api/keys/${apifyKey.body.id}/validate`, a);
  await call('POST', `/api/keys/${refused.body.id}/validate`, a);
  // Apify failing and cutting the connection: error paths must not carry the key either.
  apify.fault({ endpoint: 'user.me', status: 500 });
  await call('POST', `/api/keys/${apifyKey.body.id}/validate`, a);
  apify.fault({ endpoint: 'user.me', resetConnection: true });
  await call('POST', `/api/keys/${apifyKey.body.id}/validate`, a);
  await call('PUT', `/api/keys/${apifyKey.body.id}/set-active`, a);

  // Gemini keys: a good one, a refused one, content generated, and Gemini failing.
  const gemini = await call('POST', '/api/admin/gemini-keys', a, { key: secrets.geminiKey });
  const geminiRefused = await call('POST', '/api/admin/gemini-keys', a, { key: secrets.geminiKeyRefused });
  await call('POST', `/api/admin/gemini-keys/${geminiRefused.body.id}/validate`, a);
  await call('POST', `/api/admin/gemini-keys/${gemini.body.id}/validate`, a);
  await call('PUT', `/api/admin/gemini-keys/${gemini.body.id}/set-active`, a);
  expect((await call('POST', '/api/admin/generate-content', member.token, { originalTitle: 'Kucing lucu menari' })).status).toBe(200);
  google.failNext('gemini.generateContent', { status: 500, message: 'internal' });
  await call('POST', '/api/admin/generate-content', member.token, { originalTitle: 'Kucing lucu menari lagi' });
  google.failNext('gemini.countTokens', { status: 500, message: 'internal' });
  await call('POST', `/api/admin/gemini-keys/${gemini.body.id}/validate`, a);

  // A YouTube client secret, created and rotated.
  const clientSecret = await call('POST', '/api/admin/client-secrets', a, { name: 'Proyek Rahasia', clientId: 'rahasia.apps.googleusercontent.com', clientSecret: secrets.clientSecret });
  expect(clientSecret.status).toBe(201);
  await call('PUT', `/api/admin/client-secrets/${clientSecret.body.id}`, a, { name: 'Proyek Rahasia', clientId: 'rahasia.apps.googleusercontent.com', clientSecret: secrets.clientSecretRotated });

  // OAuth: a real consent through the fake Google; the code and the tokens are secrets too.
  const done = await consent(h, member.token, `clientSecretId=${clientSecret.body.id}`);
  responses.push({ where: `GET callback -> ${done.status}`, text: `${[...done.headers.entries()].join('\n')}\n${done.html}` });
  expect(done.status).toBe(200);
  const code = new URL(done.callbackUrl).searchParams.get('code');
  if (code) secrets.oauthCode = code;
  const accounts = await call('GET', '/api/youtube/accounts', member.token);
  const accountId = accounts.body[0]?.id as string;
  await learnTokens(accountId, 'first');
  // Playlists with the token, then with every access token expired: the API refreshes.
  await call('GET', `/api/youtube/playlists/${accountId}`, member.token);
  google.expireAccessTokens();
  await call('GET', `/api/youtube/playlists/${accountId}`, member.token);
  google.failNext('oauth.token', { status: 500, message: 'backend error' });
  google.expireAccessTokens();
  await call('GET', `/api/youtube/playlists/${accountId}`, member.token);
  await learnTokens(accountId, 'refreshed');

  // Cookies: a Netscape file and a Cookie header line.
  const cookieFile = `# Netscape HTTP Cookie File\n.tiktok.com\tTRUE\t/\tTRUE\t1893456000\tsessionid\t${secrets.cookieSession}\n`;
  await call('POST', '/api/config/cookies', a, { tiktok: [cookieFile], youtube: [`SID=${secrets.cookieHeaderSession}; PREF=hl=id`] });
  // A member's own cookies, as the browser extension sends them.
  const ownFile = `# Netscape HTTP Cookie File\n.instagram.com\tTRUE\t/\tTRUE\t1893456000\tsessionid\t${secrets.memberCookieSession}\n`;
  expect((await call('PUT', '/api/me/cookies/instagram', member.token, { cookies: ownFile })).status).toBe(200);
  return { accountId };
}

async function learnTokens(accountId: string, label: string): Promise<void> {
  const box = createSecretBox(h.env.secretsKey);
  const rows = await h.database.db.select().from(youtubeAccounts);
  const row = rows.find((r) => r.id === accountId);
  if (!row) throw new Error('the consent connected no account');
  const tokens = JSON.parse(box.open(row.sealedTokens)) as { accessToken?: string; refreshToken?: string };
  if (tokens.accessToken) secrets[`accessToken-${label}`] = tokens.accessToken;
  if (tokens.refreshToken) secrets[`refreshToken-${label}`] = tokens.refreshToken;
}

/** Queries worth a second call: the admin views of everyone's (`all=true`). */
function queryVariants(url: string): string[] {
  const endpoint = Object.values(endpoints)
    .flatMap((group) => Object.values(group as Record<string, Endpoint>))
    .find((e) => e.method === 'GET' && e.path === url);
  const shape = (endpoint?.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && 'all' in shape ? ['', 'all=true'] : [''];
}

function findLeaks(texts: Seen[]): string[] {
  const leaks: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    const windows = new Set<string>();
    for (let i = 0; i + WINDOW <= value.length; i++) windows.add(value.slice(i, i + WINDOW));
    for (const seen of texts) {
      if (seen.text.includes(value)) {
        leaks.push(`${name} whole in ${seen.where}`);
        continue;
      }
      const piece = [...windows].find((w) => seen.text.includes(w));
      if (piece) leaks.push(`${name} piece "${piece}" in ${seen.where}`);
    }
  }
  return leaks;
}

describe('secret leak scan', () => {
  it('never shows a planted secret, whole or in part, in any response or log line', async () => {
    const { accountId } = await plant();
    const gets = h.app.routeTable.filter((r) => r.method === 'GET' && !r.url.startsWith('/api/docs/static'));
    expect(gets.length).toBeGreaterThan(30);
    for (const route of gets) {
      for (const caller of [admin, member]) {
        let path = route.url;
        if (route.url.includes(':')) {
          const fixture = fixtures[route.url];
          if (!fixture) throw new Error(`no fixture for ${route.url} in test/security-fixtures.ts`);
          const target = route.url === '/api/youtube/playlists/:accountId' ? { params: { accountId } } : await fixture.make(member);
          path = pathOf(route.url, target);
        }
        for (const query of queryVariants(route.url)) {
          const full = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
          await call('GET', full, caller.token);
        }
      }
    }
    const tokens = Object.keys(secrets).filter((k) => k.startsWith('accessToken') || k.startsWith('refreshToken'));
    expect(tokens.length, 'OAuth tokens learned from the connected account').toBeGreaterThanOrEqual(2);
    const logLines = h.logs.flatMap((chunk) => chunk.split('\n')).filter(Boolean);
    const leaks = [...findLeaks(responses), ...findLeaks(logLines.map((text, i) => ({ where: `log line ${i}: ${text.slice(0, 160)}`, text })))];
    console.log(`secret-leak: ${Object.keys(secrets).length} secrets, ${responses.length} responses, ${logLines.length} log lines scanned`);
    expect(leaks).toEqual([]);
  }, 120_000);
});
