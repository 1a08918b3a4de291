// Issue 29 item 5: the address the login limits count is the one the trusted proxy saw, never
// one the client wrote into X-Forwarded-For. The API listens on 127.0.0.1 here, so the socket's
// peer (this test) plays the proxy when TRUST_PROXY names it, and a client reaching the API
// directly when it does not.
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function harness(trustProxy: string): Promise<Harness> {
  h = await startHarness({ TRUST_PROXY: trustProxy });
  await h.createUser('korban', 'korban-password', 'user');
  return h;
}

/** Failed logins, each claiming a new address in front of what the proxy appended. */
async function failWithChosenAddresses(app: Harness, count: number, proxied: string | undefined): Promise<void> {
  for (let i = 0; i < count; i++) {
    const chosen = `198.18.${i}.7`;
    const res = await app.request('POST', '/api/auth/login', {
      body: { username: `tebak${i}`, password: 'tebakan-123' },
      headers: { 'x-forwarded-for': proxied ? `${chosen}, ${proxied}` : chosen },
    });
    expect(res.status).toBe(401);
  }
}

const loginFrom = (app: Harness, forwardedFor: string) =>
  app.request('POST', '/api/auth/login', { body: { username: 'korban', password: 'korban-password' }, headers: { 'x-forwarded-for': forwardedFor } });

describe('X-Forwarded-For and the login limits', () => {
  it('TRUST_PROXY=false (the default): the header is ignored, the socket address is counted', async () => {
    const app = await harness('false');
    await failWithChosenAddresses(app, app.env.login.maxFailuresPerIp, undefined);
    const res = await loginFrom(app, '198.19.0.1');
    expect(res.status).toBe(429);
  });

  it('TRUST_PROXY as the proxy address (compose network): a client-chosen prefix does not move the address the proxy appended', async () => {
    const app = await harness('127.0.0.1/32');
    // What a proxy that appends sends: the client's own words first, then the address it saw.
    await failWithChosenAddresses(app, app.env.login.maxFailuresPerIp, '203.0.113.50');
    expect((await loginFrom(app, '198.19.0.2, 203.0.113.50')).status).toBe(429);
    // Another real client behind the same proxy is not affected.
    expect((await loginFrom(app, '203.0.113.51')).status).toBe(200);
  });

  it('TRUST_PROXY as a hop count is passed to Fastify, which fails closed on it: the header moves nothing', async () => {
    // Fastify 5.12 trusts no hop for a bare count (it cannot tell the proxy from a client that
    // sent enough entries), so the socket's address is counted, as with false.
    const app = await harness('1');
    expect(app.env.trustProxy).toBe(1);
    await failWithChosenAddresses(app, app.env.login.maxFailuresPerIp, '203.0.113.60');
    expect((await loginFrom(app, '203.0.113.61')).status).toBe(429);
  });

  it('an untrusted peer cannot use the header at all, even when a list of proxies is set', async () => {
    const app = await harness('10.0.0.0/8');
    await failWithChosenAddresses(app, app.env.login.maxFailuresPerIp, '10.20.30.40');
    // Every guess counted against 127.0.0.1, whatever the header said.
    expect((await loginFrom(app, '10.20.30.41')).status).toBe(429);
  });
});
