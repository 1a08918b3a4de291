// Personal API tokens (issue 21 item 2), over real HTTP and PostgreSQL: answered once and
// stored as a hash, scopes, revocation and expiry at once, the admin boundary, the per-token
// rate limit, the log naming the token, and bad input refused with nothing saved.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.ts';

/** Small, so the limit test needs few requests; every other test makes its own token. */
const RATE_LIMIT = 6;

let h: Harness;
let ana: string; // session of a member
let budi: string; // session of another member
let admin: string; // session of an admin
let anaId: string;
let budiId: string;
let adminId: string;

interface Created {
  id: string;
  secret: string;
}

async function createToken(session: string, body: Record<string, unknown>): Promise<Created> {
  const res = await h.request('POST', '/api/me/tokens', { token: session, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.token.id as string, secret: res.body.secret as string };
}

const tokenRows = async () =>
  (
    await h.database.sql`select id::text, owner_id::text as owner, name, scope, token_hash, prefix, revoked_at, last_used_at from api_tokens order by created_at`
  ).map((r) => ({ ...r }));

beforeAll(async () => {
  h = await startHarness({ API_TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), LOG_LEVEL: 'info' }, { captureLogs: true });
  anaId = (await h.createUser('ana-token', 'ana-token-password', 'user')).id;
  budiId = (await h.createUser('budi-token', 'budi-token-password', 'user')).id;
  adminId = (await h.createUser('admin-token', 'admin-token-password', 'admin')).id;
  ana = await h.login('ana-token', 'ana-token-password');
  budi = await h.login('budi-token', 'budi-token-password');
  admin = await h.login('admin-token', 'admin-token-password');
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/me/tokens', () => {
  it('answers the token once (scr_…), keeps only its SHA-256, and never shows it again', async () => {
    const res = await h.request('POST', '/api/me/tokens', { token: ana, body: { name: 'n8n harian', scope: 'read' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const secret = res.body.secret as string;
    expect(secret).toMatch(/^scr_[A-Za-z0-9_-]{43}$/);
    expect(res.body.token).toMatchObject({ name: 'n8n harian', scope: 'read', lastUsedAt: null, expiresAt: null, expired: false });
    expect(secret.startsWith(res.body.token.prefix as string)).toBe(true);
    expect((res.body.token.prefix as string).length).toBeLessThan(12);

    const row = (await tokenRows()).find((r) => r.id === res.body.token.id);
    expect(row).toMatchObject({ owner: anaId, token_hash: createHash('sha256').update(secret).digest('hex') });
    expect(JSON.stringify(await tokenRows())).not.toContain(secret);

    const list = await h.request('GET', '/api/me/tokens', { token: ana });
    expect(list.status).toBe(200);
    expect(list.body.tokens.map((t: { id: string }) => t.id)).toContain(res.body.token.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain('token_hash');
  });

  it('lists only the caller’s own tokens', async () => {
    const own = await createToken(budi, { name: 'punya budi', scope: 'write' });
    const anaList = await h.request('GET', '/api/me/tokens', { token: ana });
    expect(anaList.body.tokens.map((t: { id: string }) => t.id)).not.toContain(own.id);
    const budiList = await h.request('GET', '/api/me/tokens', { token: budi });
    expect(budiList.body.tokens.map((t: { id: string }) => t.id)).toContain(own.id);
  });
});

describe('a token as Authorization: Bearer', () => {
  it('acts as its owner and records when it was last used', async () => {
    const t = await createToken(ana, { name: 'skrip', scope: 'read' });
    const me = await h.request('GET', '/api/auth/me', { token: t.secret });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.user).toMatchObject({ id: anaId, username: 'ana-token', role: 'user' });
    const cookies = await h.request('GET', '/api/me/cookies', { token: t.secret });
    expect(cookies.status).toBe(200);
    const row = (await tokenRows()).find((r) => r.id === t.id);
    expect(row?.last_used_at).not.toBeNull();
    const listed = (await h.request('GET', '/api/me/tokens', { token: ana })).body.tokens.find((x: { id: string }) => x.id === t.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a read token may only GET: a write is 403 with a clear message and changes nothing', async () => {
    const t = await createToken(ana, { name: 'baca saja', scope: 'read' });
    const res = await h.request('DELETE', '/api/me/cookies/tiktok', { token: t.secret });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("scope 'read'");
    const write = await createToken(ana, { name: 'tulis', scope: 'write' });
    const allowed = await h.request('DELETE', '/api/me/cookies/tiktok', { token: write.secret });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body).toEqual({ deleted: false });
  });

  it('never manages tokens nor the password, whatever its scope (browser session only)', async () => {
    const t = await createToken(ana, { name: 'tulis semua', scope: 'write' });
    const before = (await tokenRows()).length;
    const create = await h.request('POST', '/api/me/tokens', { token: t.secret, body: { name: 'anak token', scope: 'write' } });
    expect(create.status).toBe(403);
    expect(create.body.message).toContain('browser');
    expect((await h.request('GET', '/api/me/tokens', { token: t.secret })).status).toBe(403);
    expect((await h.request('DELETE', `/api/me/tokens/${t.id}`, { token: t.secret })).status).toBe(403);
    const password = await h.request('PUT', '/api/me/password', {
      token: t.secret,
      body: { currentPassword: 'ana-token-password', newPassword: 'ana-new-password', confirmPassword: 'ana-new-password' },
    });
    expect(password.status).toBe(403);
    expect((await tokenRows()).length).toBe(before);
    expect(await h.login('ana-token', 'ana-token-password')).toBeTruthy();
  });

  it('an unknown or malformed scr_ token is 401', async () => {
    const unknown = await h.request('GET', '/api/auth/me', { token: `scr_${'A'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toContain('tidak dikenal');
    expect((await h.request('GET', '/api/auth/me', { token: 'scr_pendek' })).status).toBe(401);
  });
});

describe('revocation and expiry', () => {
  it('a revoked token is refused with 401 from the next request on', async () => {
    const t = await createToken(ana, { name: 'dicabut', scope: 'read' });
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(200);
    const revoke = await h.request('DELETE', `/api/me/tokens/${t.id}`, { token: ana });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    expect(revoke.body.id).toBe(t.id);
    const after = await h.request('GET', '/api/auth/me', { token: t.secret });
    expect(after.status).toBe(401);
    expect(after.body.message).toContain('dicabut');
    const listed = (await h.request('GET', '/api/me/tokens', { token: ana })).body.tokens.map((x: { id: string }) => x.id);
    expect(listed).not.toContain(t.id);
    // Revoking again, or someone else's token: 404, nothing changed.
    expect((await h.request('DELETE', `/api/me/tokens/${t.id}`, { token: ana })).status).toBe(404);
  });

  it('a revocation made by another API process (straight in the database) applies at once: nothing is cached', async () => {
    const t = await createToken(ana, { name: 'proses lain', scope: 'read' });
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(200);
    await h.database.sql`update api_tokens set revoked_at = now() where id = ${t.id}`;
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(401);
  });

  it('an expired token is refused with 401 and shows as expired in the list', async () => {
    const t = await createToken(ana, { name: 'sementara', scope: 'read', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(200);
    // The clock moves on (the row's expiry set in the past, as an hour later would see it).
    await h.database.sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${t.id}`;
    const res = await h.request('GET', '/api/auth/me', { token: t.secret });
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('kedaluwarsa');
    const listed = (await h.request('GET', '/api/me/tokens', { token: ana })).body.tokens.find((x: { id: string }) => x.id === t.id);
    expect(listed.expired).toBe(true);
  });

  it('a deleted member’s tokens go with them', async () => {
    const carol = await h.createUser('carol-token', 'carol-token-password', 'user');
    const session = await h.login('carol-token', 'carol-token-password');
    const t = await createToken(session, { name: 'carol', scope: 'read' });
    expect((await h.request('DELETE', `/api/admin/users/${carol.id}`, { token: admin })).status).toBe(200);
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(401);
    expect((await tokenRows()).find((r) => r.id === t.id)).toBeUndefined();
  });
});

describe('the admin boundary', () => {
  it('a member’s token never reaches admin routes', async () => {
    const t = await createToken(budi, { name: 'budi tulis', scope: 'write' });
    const res = await h.request('GET', '/api/admin/users', { token: t.secret });
    expect(res.status).toBe(403);
  });

  it('an admin’s read token is refused on admin routes; only a write one passes', async () => {
    const read = await createToken(admin, { name: 'admin baca', scope: 'read' });
    const refused = await h.request('GET', '/api/admin/users', { token: read.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("'write'");
    const write = await createToken(admin, { name: 'admin tulis', scope: 'write' });
    const allowed = await h.request('GET', '/api/admin/users', { token: write.secret });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    // Still never the token routes, admin or not.
    expect((await h.request('GET', '/api/admin/tokens', { token: write.secret })).status).toBe(403);
  });

  it('an admin demoted to member loses admin routes with their tokens at once', async () => {
    const dewi = await h.createUser('dewi-token', 'dewi-token-password', 'admin');
    const session = await h.login('dewi-token', 'dewi-token-password');
    const t = await createToken(session, { name: 'dewi', scope: 'write' });
    expect((await h.request('GET', '/api/admin/users', { token: t.secret })).status).toBe(200);
    const demote = await h.request('PUT', `/api/admin/users/${dewi.id}`, { token: admin, body: { role: 'user' } });
    expect(demote.status, JSON.stringify(demote.body)).toBe(200);
    expect((await h.request('GET', '/api/admin/users', { token: t.secret })).status).toBe(403);
  });

  it('admins list every member’s tokens (or one member’s) and revoke any; members cannot', async () => {
    const t = await createToken(budi, { name: 'budi dicabut admin', scope: 'read' });
    expect((await h.request('GET', '/api/admin/tokens', { token: budi })).status).toBe(403);
    expect((await h.request('DELETE', `/api/admin/tokens/${t.id}`, { token: budi })).status).toBe(403);
    // A member cannot revoke someone else's token through their own route either.
    expect((await h.request('DELETE', `/api/me/tokens/${t.id}`, { token: ana })).status).toBe(404);
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(200);

    const all = await h.request('GET', '/api/admin/tokens', { token: admin });
    expect(all.status).toBe(200);
    const shown = all.body.tokens.find((x: { id: string }) => x.id === t.id);
    expect(shown).toMatchObject({ name: 'budi dicabut admin', owner: { id: budiId, username: 'budi-token' } });
    expect(JSON.stringify(all.body)).not.toContain(t.secret);
    const owners = new Set(all.body.tokens.map((x: { owner: { id: string } }) => x.owner.id));
    expect(owners.has(anaId) && owners.has(budiId) && owners.has(adminId)).toBe(true);

    const onlyBudi = await h.request('GET', `/api/admin/tokens?userId=${budiId}`, { token: admin });
    expect(onlyBudi.body.tokens.every((x: { owner: { id: string } }) => x.owner.id === budiId)).toBe(true);

    const revoke = await h.request('DELETE', `/api/admin/tokens/${t.id}`, { token: admin });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(401);
    expect((await h.request('DELETE', `/api/admin/tokens/${t.id}`, { token: admin })).status).toBe(404);
  });
});

describe('rate limit per token', () => {
  it(`answers 429 with Retry-After after ${RATE_LIMIT} requests in a minute, for that token only, and lets it go on in the next minute`, async () => {
    const t = await createToken(ana, { name: 'cepat', scope: 'read' });
    const other = await createToken(ana, { name: 'lain', scope: 'read' });
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(200);
    }
    const limited = await h.request('GET', '/api/auth/me', { token: t.secret });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain(`batas ${RATE_LIMIT} per menit`);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another token of the same member, and the member's browser session, are not held back.
    expect((await h.request('GET', '/api/auth/me', { token: other.secret })).status).toBe(200);
    expect((await h.request('GET', '/api/auth/me', { token: ana })).status).toBe(200);
    // The minute is over (the window's start moved back, as a minute later would see it).
    await h.database.sql`update api_tokens set window_started_at = now() - interval '61 seconds' where id = ${t.id}`;
    expect((await h.request('GET', '/api/auth/me', { token: t.secret })).status).toBe(200);
  });
});

describe('who did what', () => {
  it('the request log lines of a token request name the member and the token', async () => {
    const t = await createToken(ana, { name: 'log', scope: 'read' });
    const res = await h.request('GET', '/api/me/cookies', { token: t.secret });
    const requestId = res.headers.get('x-request-id');
    const lines = h.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === requestId);
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed, JSON.stringify(lines)).toMatchObject({ tokenId: t.id, userId: anaId });
    expect(JSON.stringify(lines)).not.toContain(t.secret);
  });
});

describe('bad input: 400/409 with a clear Indonesian message, nothing saved', () => {
  const cases: Array<[string, unknown, string]> = [
    ['a name over 100 characters', { name: 'x'.repeat(101), scope: 'read' }, 'maksimal 100 karakter'],
    ['an empty name', { name: '   ', scope: 'read' }, 'wajib diisi'],
    ['an unknown scope', { name: 'ok', scope: 'admin' }, "Scope token harus 'read'"],
    ['an expiry in the past', { name: 'ok', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' }, 'di masa depan'],
    ['an expiry that is not a date', { name: 'ok', scope: 'read', expiresAt: 'besok' }, 'Tanggal kedaluwarsa tidak valid'],
    ['an unknown field', { name: 'ok', scope: 'read', owner: 'budi' }, ''],
  ];
  for (const [what, body, message] of cases) {
    it(what, async () => {
      const before = await tokenRows();
      const res = await h.request('POST', '/api/me/tokens', { token: budi, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await tokenRows()).toEqual(before);
    });
  }

  it('a bad id is 400, an unknown one 404', async () => {
    expect((await h.request('DELETE', '/api/me/tokens/bukan-id', { token: budi })).status).toBe(400);
    expect((await h.request('DELETE', '/api/me/tokens/00000000-0000-4000-8000-000000000000', { token: budi })).status).toBe(404);
    expect((await h.request('GET', '/api/admin/tokens?userId=bukan', { token: admin })).status).toBe(400);
  });

  it('at most 20 live tokens per member: the 21st is 409 and not saved; revoking one frees a place', async () => {
    const eko = await h.createUser('eko-token', 'eko-token-password', 'user');
    const session = await h.login('eko-token', 'eko-token-password');
    const made: Created[] = [];
    for (let i = 0; i < 20; i++) made.push(await createToken(session, { name: `t${i}`, scope: 'read' }));
    const over = await h.request('POST', '/api/me/tokens', { token: session, body: { name: 'kelebihan', scope: 'read' } });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('20 token API aktif');
    expect((await tokenRows()).filter((r) => r.owner === eko.id)).toHaveLength(20);
    const first = made[0];
    if (!first) throw new Error('no token made');
    expect((await h.request('DELETE', `/api/me/tokens/${first.id}`, { token: session })).status).toBe(200);
    await createToken(session, { name: 'pengganti', scope: 'read' });
  });
});
