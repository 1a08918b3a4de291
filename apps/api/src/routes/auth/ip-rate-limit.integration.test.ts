import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.createUser('real', 'real-password', 'user');
});
afterAll(() => h.close());

describe('login rate limit per IP', () => {
  it('answers 429 once one address has used up its failures, whatever the usernames', async () => {
    for (let i = 0; i < h.env.login.maxFailuresPerIp; i++) {
      const res = await h.request('POST', '/api/auth/login', { body: { username: `guess${i}`, password: 'whatever1' } });
      expect(res.status).toBe(401);
    }
    const res = await h.request('POST', '/api/auth/login', { body: { username: 'real', password: 'real-password' } });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Terlalu banyak percobaan login. Coba lagi dalam 10 menit.');
  });
});
