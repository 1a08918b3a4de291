// helmet's headers are worked out once at start-up (plugins/security-headers.ts) instead of by
// @fastify/helmet on every request: every kind of answer must still carry exactly what
// @fastify/helmet would have set with the same options.
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';
import { HELMET_OPTIONS, HSTS_VALUE } from './security-headers.ts';

let h: Harness;
let member = '';
let expected: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('headers-member', 'headers-member-password', 'user');
  member = await h.login('headers-member', 'headers-member-password');
  const reference = Fastify();
  await reference.register(helmet, HELMET_OPTIONS);
  reference.get('/', async () => ({ ok: true }));
  const res = await reference.inject('/');
  await reference.close();
  const plain = ['content-type', 'content-length', 'date', 'connection', 'keep-alive'];
  expected = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !plain.includes(name)).map(([name, value]) => [name, String(value)]));
});
afterAll(async () => {
  await h.close();
});

it('sets the headers @fastify/helmet sets, on answers, errors and not-found alike', async () => {
  expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
  const answers = [
    await h.request('GET', '/api/auth/me', { token: member }),
    await h.request('GET', '/api/auth/me'),
    await h.request('GET', '/api/analytics/dashboard', { token: member }),
    await h.request('GET', '/api/no-such-route'),
    await h.request('POST', '/api/auth/login', { rawBody: '{not json', headers: { 'content-type': 'application/json' } }),
  ];
  expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 404, 400]);
  for (const answer of answers) {
    for (const [name, value] of Object.entries(expected)) {
      expect(answer.headers.get(name), `${answer.status} ${name}`).toBe(value);
    }
  }
});

it('sends Strict-Transport-Security on https answers only, as a trusted proxy reports them', async () => {
  expect(expected['strict-transport-security']).toBeUndefined();
  const plain = await h.request('GET', '/api/auth/me', { token: member });
  expect(plain.headers.get('strict-transport-security')).toBeNull();
  // This harness trusts no proxy: a client's X-Forwarded-Proto does not make an answer https.
  const claimed = await h.request('GET', '/api/auth/me', { token: member, headers: { 'x-forwarded-proto': 'https' } });
  expect(claimed.headers.get('strict-transport-security')).toBeNull();
  const behindProxy = await startHarness({ TRUST_PROXY: '127.0.0.1' });
  try {
    const https = await behindProxy.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    const http = await behindProxy.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
  } finally {
    await behindProxy.close();
  }
});
