// The fixes the bad-input suite led to, each pinned on its own: text PostgreSQL cannot store
// is a 400, not a 500; a JSON body that is not UTF-8 is refused; concurrent saves of the shared
// lists take turns instead of failing on a unique key; a lost race on a unique key is a 409.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';
import { AppError } from '../lib/errors.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { seedActorConfigs } from '../services/actor-configs/seed-actor-configs.ts';

let h: Harness;
let admin: string;
let member: string;

beforeAll(async () => {
  h = await startHarness();
  await seedActorConfigs(h.database);
  await h.createUser('rapi-admin', 'rapi-admin-password', 'admin');
  await h.createUser('rapi-member', 'rapi-member-password', 'user');
  admin = await h.login('rapi-admin', 'rapi-admin-password');
  member = await h.login('rapi-member', 'rapi-member-password');
});
afterAll(() => h.close());

describe('text the database cannot store', () => {
  it('answers 400 naming the field for NUL and lone surrogates in bodies, queries and params', async () => {
    const cases: Array<[string, string, { token: string; body?: unknown }]> = [
      ['POST', '/api/auth/login', { token: '', body: { username: 'a\u0000b', password: 'x' } }],
      ['POST', '/api/keys', { token: admin, body: { key: 'kunci\u0000rahasia' } }],
      ['POST', '/api/admin/client-secrets', { token: admin, body: { name: 'a\ud800', clientId: 'x.apps.googleusercontent.com' } }],
      ['GET', '/api/media/history?search=a%00b', { token: member }],
      ['GET', '/api/files?platform=%00', { token: member }],
      ['GET', '/api/scrape/status/%00', { token: member }],
    ];
    for (const [method, path, { token, body }] of cases) {
      const res = await h.request(method, path, { token: token || undefined, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.message, `${method} ${path}`).toMatch(/tidak diizinkan|tidak valid/);
    }
    const saved = await h.request('GET', '/api/keys', { token: admin });
    expect(saved.body).toEqual([]);
  });

  it('keeps emoji, combining marks and RTL text, which are storable', async () => {
    const res = await h.request('POST', '/api/admin/client-secrets', {
      token: admin,
      body: { name: 'Proyek 😀 e\u0301 \u202Eabc', clientId: 'x.apps.googleusercontent.com', clientSecret: 'GOCSPX-rahasia-1234' },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Proyek 😀 e\u0301 \u202Eabc');
  });

  it('refuses a JSON body that is not valid UTF-8 instead of saving replacement characters', async () => {
    const res = await fetch(`${h.baseUrl}/api/config/cookies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/UTF-8/);
  });
});

describe('concurrent saves of shared lists', () => {
  it('lets eight admins save actor configs, cookies and keys at once, every one answered 2xx', async () => {
    const configs = (await h.request('GET', '/api/config/apify-config', { token: admin })).body;
    const all = await Promise.all([
      ...Array.from({ length: 8 }, () => h.request('POST', '/api/admin/apify-config', { token: admin, body: configs })),
      ...Array.from({ length: 8 }, (_, i) => h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: [`sessionid=serentak-${i}`] } })),
      ...Array.from({ length: 8 }, (_, i) => h.request('POST', '/api/admin/gemini-keys', { token: admin, body: { key: `gemini-key-serentak-${i}` } })),
    ]);
    expect(all.map((r) => r.status).filter((s) => s >= 300)).toEqual([]);
    const keys = (await h.request('GET', '/api/admin/gemini-keys', { token: admin })).body as Array<{ isActive: boolean }>;
    expect(keys).toHaveLength(8);
    expect(keys.filter((k) => k.isActive)).toHaveLength(1);
  });
});

describe('error handler', () => {
  it('maps database errors the client caused: unique violation 409, unstorable text 400', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    const dbError = (code: string) => Object.assign(new Error('Failed query: insert ...'), { cause: Object.assign(new Error('duplicate'), { code }) });
    app.get('/unique', async () => {
      throw dbError('23505');
    });
    app.get('/encoding', async () => {
      throw dbError('22021');
    });
    app.get('/other', async () => {
      throw dbError('42P01');
    });
    app.get('/app', async () => {
      throw new AppError(418, 'Teko.');
    });
    const unique = await app.inject({ url: '/unique' });
    expect(unique.statusCode).toBe(409);
    expect(unique.json().message).toMatch(/bentrok/);
    expect((await app.inject({ url: '/encoding' })).statusCode).toBe(400);
    // Anything else from the database stays a 500 without details.
    const other = await app.inject({ url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.json().message).toBe('Terjadi kesalahan pada server.');
    expect((await app.inject({ url: '/app' })).statusCode).toBe(418);
    await app.close();
  });

  it('logs a failed query without its bound values', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await app.register(errorHandlerPlugin);
    app.get('/query', async () => {
      const error = Object.assign(new Error('Failed query: insert into "t" ("a") values ($1)\nparams: nilai-rahasia-xyz'), {
        query: 'insert into "t" ("a") values ($1)',
        params: ['nilai-rahasia-xyz'],
        cause: Object.assign(new Error('relation "t" does not exist'), { code: '42P01' }),
      });
      throw error;
    });
    expect((await app.inject({ url: '/query' })).statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('insert into');
    expect(logged).toContain('42P01');
    expect(logged).not.toContain('nilai-rahasia-xyz');
    await app.close();
  });
});
