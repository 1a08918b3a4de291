// Login limits as an attacker meets them: per username and per address, a 429 with the
// Indonesian message and Retry-After, the same answer whether the username exists or not,
// and a burst of parallel guesses gets no more tries than a patient one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

const TOO_MANY = 'Terlalu banyak percobaan login. Coba lagi dalam 10 menit.';

let h: Harness;
let windowSeconds = 0;
let maxFailuresPerIp = 0;
let maxFailuresPerUsername = 0;
beforeAll(async () => {
  // Behind a proxy, so each test can speak from an address of its own (X-Forwarded-For).
  h = await startHarness({ TRUST_PROXY: 'true' });
  ({ windowSeconds, maxFailuresPerIp, maxFailuresPerUsername } = h.env.login);
  await h.createUser('ada', 'ada-password', 'user');
  await h.createUser('nyata', 'nyata-password', 'user');
});
afterAll(() => h.close());

const login = (username: string, password: string, ip: string) =>
  h.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

/**
 * What a client can compare between two answers: status, body, the headers that could differ.
 * Retry-After counts down from each lock's oldest failure, so it is compared to the second.
 */
function visible(res: { status: number; body: unknown; headers: Headers }) {
  return { status: res.status, body: res.body, length: res.headers.get('content-length') };
}

/** The wait left of a lock that started moments ago: the window, give or take the test's own time. */
function expectWindowWait(res: { headers: Headers }): void {
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(windowSeconds - 60);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
}

describe('login rate limits', () => {
  it('locks a username after its failures with 429, the message and Retry-After, existing or not', async () => {
    for (const username of ['ada', 'tidak-ada']) {
      for (let i = 0; i < maxFailuresPerUsername; i++) {
        // A new address each time: only the per-username limit is in play.
        expect((await login(username, `salah-${i}`, `10.1.${i}.${username.length}`)).status).toBe(401);
      }
    }
    const existing = await login('ada', 'ada-password', '10.2.0.1');
    const missing = await login('tidak-ada', 'apa-saja-123', '10.2.0.2');
    expect(existing.status).toBe(429);
    expect(existing.body.message).toBe(TOO_MANY);
    expectWindowWait(existing);
    expectWindowWait(missing);
    // The lock says nothing about whether the account exists.
    expect(visible(missing)).toEqual(visible(existing));
  });

  it('limits one address whatever the usernames, with the same answer for real and unknown users', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < maxFailuresPerIp; i++) expect((await login(`tebak${i}`, 'tebakan-123', ip)).status).toBe(401);
    const real = await login('nyata', 'nyata-password', ip);
    const unknown = await login('siapa-saja', 'tebakan-123', ip);
    expect(real.status).toBe(429);
    expect(real.body.message).toBe(TOO_MANY);
    expectWindowWait(real);
    expectWindowWait(unknown);
    expect(visible(unknown)).toEqual(visible(real));
    // Another address is not affected.
    expect((await login('nyata', 'nyata-password', '10.3.0.2')).status).toBe(200);
  });

  it('gives a burst of parallel guesses no more tries than the limit', async () => {
    await h.createUser('sasaran', 'sasaran-password', 'user');
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login('sasaran', `salah-${i}`, `10.4.${i}.1`)));
    const tried = burst.filter((r) => r.status === 401).length;
    expect(burst.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(tried).toBeLessThanOrEqual(maxFailuresPerUsername);
    const ipBurst = await Promise.all(Array.from({ length: maxFailuresPerIp + 20 }, (_, i) => login(`ledakan${i}`, 'tebakan-123', '10.5.0.1')));
    expect(ipBurst.filter((r) => r.status === 401).length).toBeLessThanOrEqual(maxFailuresPerIp);
  });
});
