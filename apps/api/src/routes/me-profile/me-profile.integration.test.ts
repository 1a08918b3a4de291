// The member's optional email (issue 31 item 9): set, cleared, lower-cased, one account per
// address (409), a malformed one a 400; a personal token cannot change it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN_MESSAGE } from '@scrapper/contracts/http/me-profile';
import { startHarness, type Harness } from '../../../test/harness.ts';

let h: Harness;
let ana: string;
let budi: string;

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('profil-ana', 'profil-ana-password', 'user');
  await h.createUser('profil-budi', 'profil-budi-password', 'user');
  ana = await h.login('profil-ana', 'profil-ana-password');
  budi = await h.login('profil-budi', 'profil-budi-password');
});
afterAll(async () => {
  await h?.close();
});

const put = (token: string, body: unknown) => h.request('PUT', '/api/me/profile', { token, body });
const emails = async () => (await h.database.sql<Array<{ username: string; email: string | null }>>`select username, email from users order by username`).map((r) => `${r.username}=${r.email}`);

describe('PUT /api/me/profile', () => {
  it('starts without an email, then stores the one given lower-cased', async () => {
    expect((await h.request('GET', '/api/me/profile', { token: ana })).body).toEqual({ username: 'profil-ana', email: null });
    const res = await put(ana, { email: '  Ana@Contoh.ID ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'profil-ana', email: 'ana@contoh.id' });
    expect((await h.request('GET', '/api/me/profile', { token: ana })).body.email).toBe('ana@contoh.id');
  });

  it('answers 409 when another account has the address in any case, changing nothing', async () => {
    const before = await emails();
    const res = await put(budi, { email: 'ANA@contoh.id' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(EMAIL_TAKEN_MESSAGE);
    expect(await emails()).toEqual(before);
    // Saving one's own address again is not a conflict.
    expect((await put(ana, { email: 'ana@contoh.id' })).status).toBe(200);
  });

  it('answers 400 in Indonesian for a malformed address, changing nothing', async () => {
    const before = await emails();
    for (const email of ['bukan-email', 'a@', '@contoh.id', 'a b@contoh.id', `${'a'.repeat(250)}@contoh.id`, 42]) {
      const res = await put(ana, { email });
      expect(res.status, String(email)).toBe(400);
      expect(res.body.message, String(email)).toMatch(/Masukkan alamat email yang valid|Email maksimal 254 karakter|email/);
    }
    expect((await put(ana, {})).status).toBe(400);
    expect(await emails()).toEqual(before);
  });

  it('clears the email with an empty string or null, freeing the address for another account', async () => {
    expect((await put(ana, { email: '' })).body.email).toBeNull();
    expect((await put(budi, { email: 'ana@contoh.id' })).status).toBe(200);
    expect((await put(budi, { email: null })).body.email).toBeNull();
  });

  it('a personal API token cannot change it (403), but may read it', async () => {
    const token = await h.request('POST', '/api/me/tokens', { token: ana, body: { name: 'skrip', scope: 'write' } });
    expect(token.status).toBe(201);
    const secret = token.body.secret as string;
    const res = await put(secret, { email: 'skrip@contoh.id' });
    expect(res.status).toBe(403);
    expect((await h.request('GET', '/api/me/profile', { token: secret })).status).toBe(200);
  });

  it('needs a login (401)', async () => {
    expect((await h.request('PUT', '/api/me/profile', { body: { email: 'x@contoh.id' } })).status).toBe(401);
  });
});
