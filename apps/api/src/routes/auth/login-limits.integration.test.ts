// Login limits that nobody can turn against a member (issue 15): only failures count, so a
// team behind one address is never locked out by its own logins; guessing one username from
// one address is slowed by a growing wait; and a browser that logged in before (OWASP's device
// cookie) still lets its owner in while the username is locked by guesses from elsewhere.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { DEVICE_COOKIE_NAME } from '../../services/auth/device-cookie.ts';

const login = (h: Harness, username: string, password: string, ip: string, cookie?: string, headers: Record<string, string> = {}) =>
  h.request('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}), ...headers },
  });

/** The `name=value` of the device cookie an answer sets (what the browser sends back). */
function deviceCookieOf(res: { headers: Headers }): string {
  const header = res.headers.get('set-cookie') ?? '';
  const pair = header.split(';')[0] ?? '';
  expect(pair.startsWith(`${DEVICE_COOKIE_NAME}=`)).toBe(true);
  return pair;
}

/** Moves a username's recorded attempts back in time: waiting, without a test that sleeps. */
async function age(h: Harness, username: string, seconds: number): Promise<void> {
  await h.database.db.execute(
    sql`update login_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds}) where username = ${username}`,
  );
}

describe('with the default limits', () => {
  let h: Harness;
  beforeAll(async () => {
    // Behind a proxy, so each test can speak from an address of its own (X-Forwarded-For).
    h = await startHarness({ TRUST_PROXY: 'true' });
  });
  afterAll(() => h.close());

  it('lets 60 members who log in correctly from one address within a minute all in', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `anggota${i}`);
    for (const name of names) await h.createUser(name, `${name}-password`, 'user');
    // More than the address's failure limit, to show that successes use none of it.
    expect(names.length).toBeGreaterThan(h.env.login.maxFailuresPerIp);
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < names.length; i += 6) {
      const batch = names.slice(i, i + 6).map((name) => login(h, name, `${name}-password`, '10.60.0.1'));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses).toEqual(names.map(() => 200));
  });

  it('slows guessing one username from one address with a wait that grows with each failure', async () => {
    await h.createUser('lambat', 'lambat-password', 'user');
    const { delayAfterFailures, delayBaseSeconds } = h.env.login;
    for (let i = 0; i < delayAfterFailures; i++) expect((await login(h, 'lambat', `salah-${i}`, '10.7.0.1')).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Even the right password waits: the wait is not a hint that the guess was close.
      const refused = await login(h, 'lambat', 'lambat-password', '10.7.0.1');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Terlalu banyak percobaan login\. Coba lagi dalam \d+ detik\.$/);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      // Another address is not slowed by this one's failures.
      if (round === 0) expect((await login(h, 'lambat', 'salah-lain', '10.7.0.2')).status).toBe(401);
      await age(h, 'lambat', wait);
      expect((await login(h, 'lambat', `salah-lagi-${round}`, '10.7.0.1')).status).toBe(401);
    }
    // Retry-After is the wait left, rounded up: base, 2 x base, 4 x base.
    expect(waits[0]).toBeLessThanOrEqual(delayBaseSeconds);
    expect(waits[1]).toBeGreaterThan(delayBaseSeconds);
    expect(waits[1]).toBeLessThanOrEqual(2 * delayBaseSeconds);
    expect(waits[2]).toBeGreaterThan(2 * delayBaseSeconds);
    expect(waits[2]).toBeLessThanOrEqual(4 * delayBaseSeconds);
    // Waited out, the right password gets in, and the count starts over.
    await age(h, 'lambat', 8 * delayBaseSeconds);
    expect((await login(h, 'lambat', 'lambat-password', '10.7.0.1')).status).toBe(200);
    expect((await login(h, 'lambat', 'salah-baru', '10.7.0.1')).status).toBe(401);
  });

  it('gives 40 parallel guesses at one username from one address no more tries than the free ones', async () => {
    await h.createUser('serbu', 'serbu-password', 'user');
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(h, 'serbu', `salah-${i}`, '10.8.0.1')));
    expect(burst.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(burst.filter((r) => r.status === 401).length).toBeLessThanOrEqual(h.env.login.delayAfterFailures);
  });
});

describe('device cookies (OWASP), with the wait between failures switched off', () => {
  let h: Harness;
  beforeAll(async () => {
    // Only the window limits are in play, so the lock of a username is reached by one address.
    h = await startHarness({ TRUST_PROXY: 'true', LOGIN_DELAY_AFTER_FAILURES: '1000' });
  });
  afterAll(() => h.close());

  it('sets a signed, HttpOnly, SameSite=Strict cookie on a successful login, Secure over https', async () => {
    await h.createUser('kuki', 'kuki-password', 'user');
    const plain = await login(h, 'kuki', 'kuki-password', '10.20.0.1');
    expect(plain.status).toBe(200);
    const header = plain.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/api\/auth/);
    expect(header).not.toMatch(/Secure/);
    const https = await login(h, 'kuki', 'kuki-password', '10.20.0.1', undefined, { 'x-forwarded-proto': 'https' });
    expect(https.headers.get('set-cookie')).toMatch(/; Secure/);
    // No cookie on a failed login.
    expect((await login(h, 'kuki', 'salah-sekali', '10.20.0.1')).headers.get('set-cookie')).toBeNull();
  });

  it('after 30 wrong passwords from another address, the owner gets in with the cookie of an earlier login and not without it', async () => {
    await h.createUser('pemilik', 'pemilik-password', 'user');
    await h.createUser('tetangga', 'tetangga-password', 'user');
    const earlier = await login(h, 'pemilik', 'pemilik-password', '10.30.0.1');
    expect(earlier.status).toBe(200);
    const cookie = deviceCookieOf(earlier);
    const neighbourCookie = deviceCookieOf(await login(h, 'tetangga', 'tetangga-password', '10.30.0.1'));

    const attack: number[] = [];
    for (let i = 0; i < 30; i++) attack.push((await login(h, 'pemilik', `tebakan-${i}`, '10.66.0.1')).status);
    const tries = h.env.login.maxFailuresPerUsername;
    expect(attack.slice(0, tries)).toEqual(Array.from({ length: tries }, () => 401));
    expect(attack.slice(tries).every((s) => s === 429)).toBe(true);

    // The owner's browser: in, and its cookie renewed.
    const owner = await login(h, 'pemilik', 'pemilik-password', '10.30.0.1', cookie);
    expect(owner.status).toBe(200);
    expect(deviceCookieOf(owner)).toBe(cookie);
    // The owner from a browser that never logged in, the attacker with the right password, a
    // forged cookie, and another member's cookie: all held by the lock.
    const fresh = await login(h, 'pemilik', 'pemilik-password', '10.30.0.1');
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toMatch(/^Terlalu banyak percobaan login\. Coba lagi dalam \d+ menit\.$/);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(h, 'pemilik', 'pemilik-password', '10.66.0.1')).status).toBe(429);
    const at = cookie.length - 10;
    const forged = `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
    expect((await login(h, 'pemilik', 'pemilik-password', '10.66.0.1', forged)).status).toBe(429);
    expect((await login(h, 'pemilik', 'pemilik-password', '10.66.0.1', neighbourCookie)).status).toBe(429);
    // Guesses that come with the owner's cookie are no way around the lock: the device has its
    // own count, and it is locked on its own once that runs out.
    const fromDevice: number[] = [];
    for (let i = 0; i <= h.env.login.maxFailuresPerDevice; i++) {
      fromDevice.push((await login(h, 'pemilik', `lewat-kuki-${i}`, '10.66.0.1', cookie)).status);
    }
    expect(fromDevice.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(fromDevice.at(-1)).toBe(429);
    expect((await login(h, 'pemilik', 'pemilik-password', '10.30.0.1', cookie)).status).toBe(429);
  });

  it("locks a device by its own failures while the member's other device still gets in", async () => {
    await h.createUser('dua', 'dua-password', 'user');
    const laptop = deviceCookieOf(await login(h, 'dua', 'dua-password', '10.40.0.1'));
    const phone = deviceCookieOf(await login(h, 'dua', 'dua-password', '10.40.0.2'));
    expect(phone).not.toBe(laptop);
    for (let i = 0; i < h.env.login.maxFailuresPerDevice; i++) {
      expect((await login(h, 'dua', `salah-${i}`, '10.40.0.1', laptop)).status).toBe(401);
    }
    expect((await login(h, 'dua', 'dua-password', '10.40.0.1', laptop)).status).toBe(429);
    expect((await login(h, 'dua', 'dua-password', '10.40.0.2', phone)).status).toBe(200);
    // The device's failures were not the username's: a new browser is not held either.
    expect((await login(h, 'dua', 'dua-password', '10.40.0.3')).status).toBe(200);
  });
});
