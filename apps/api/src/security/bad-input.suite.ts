// Bad input, generated from the contracts: for every endpoint with params, query or a body,
// malformed requests built from its zod schema (security/malformed.ts), sent by callers who
// pass the access gate. Every request the schema itself rejects must get a 4xx with a readable
// message and leave the database exactly as it was (row counts and a checksum of every
// table); a generated request that happens to be valid only has to avoid a server error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type Endpoint } from '@scrapper/contracts/http';
import { UploadFieldsSchema } from '@scrapper/contracts/http/youtube-uploads';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../test/harness.ts';
import { hashPassword } from '../services/auth/password.ts';
import { seedActorConfigs } from '../services/actor-configs/seed-actor-configs.ts';
import { fakeGoogleEnv } from '../../test/youtube.ts';
import { buildFixtures, publishedUploadOf, serverFileOf, wibScheduleAhead, type Fixture, type FixtureContext, type Member } from '../../test/security-fixtures.ts';
import { bodyMutations, fieldPaths, jsonSchemaOf, REMOVE, sample, textMutations, UNICODE, withValue, type Path } from './malformed.ts';

const BODY_LIMIT = 256 * 1024;

/**
 * Tables left out of the before/after comparison, because a rejected request may rightly
 * write them: login_attempts records every login attempt, failed ones included, for the
 * per-IP and per-username limits (a bad login body is still an attempt from that address).
 * pg-boss keeps its own schema, outside `public`, and is not compared either.
 */
const CHANGES_ON_BAD_INPUT = new Set(['login_attempts']);

interface Probe {
  label: string;
  method: string;
  path: string;
  token: string | undefined;
  contentType?: string;
  body?: string | Buffer;
  /** undefined: schema-invalid, must be a 4xx (optionally this exact status). */
  valid: boolean;
  status?: number;
}

let h: Harness;
let apify: FakeApify;
let google: FakeGoogle;
let admin: Member;
let memberA: Member;
/** Owns what memberA must not touch (another member's history entry). */
let memberB: Member;
let fixtures: Record<string, Fixture>;
let sent = 0;
/** Requests handed to sendAll. */
let built = 0;
const validBaselines = new Set<string>();
const failures: string[] = [];

async function member(username: string, role: 'user' | 'admin'): Promise<Member> {
  const { id } = await h.createUser(username, `${username}-password`, role);
  return { id, username, token: await h.login(username, `${username}-password`) };
}


async function snapshot(): Promise<Record<string, string>> {
  const tables = await h.database.sql<Array<{ name: string }>>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (CHANGES_ON_BAD_INPUT.has(name)) continue;
    const [row] = await h.database.sql.unsafe<Array<{ n: number; sum: string | null }>>(
      `select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as sum from public."${name}" t`,
    );
    out[name] = `${row?.n ?? 0}:${row?.sum ?? ''}`;
  }
  return out;
}

/** Percent-encodes text for a URL, lone surrogates included (as the invalid UTF-8 they are). */
function encode(value: string): string {
  return [...value].map((ch) => {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) return '%ED%A0%80';
    return encodeURIComponent(ch);
  }).join('');
}

function queryString(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) parts.push(`${encode(key)}=${encode(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encode(params[name] ?? ''));
}

const ENGLISH = /\b(is required|must be|expected|invalid input|unexpected|cannot|failed to)\b/i;
/** English on purpose: the product spec's own wording, which the web upload form shows too. */
const SPEC_ENGLISH = new Set(['Video file is required']);

async function send(probe: Probe): Promise<void> {
  const headers: Record<string, string> = {};
  if (probe.token) headers.authorization = `Bearer ${probe.token}`;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  let status = 0;
  let text = '';
  let html = false;
  try {
    // Valid requests for a download or preview would wait for a worker that is not running.
    const res = await fetch(`${h.baseUrl}${probe.path}`, { method: probe.method, headers, body: probe.body, signal: AbortSignal.timeout(probe.valid ? 3000 : 15_000) });
    status = res.status;
    html = (res.headers.get('content-type') ?? '').startsWith('text/html');
    text = await res.text();
  } catch (error) {
    sent++;
    if (probe.valid && (error as Error).name === 'TimeoutError') return;
    failures.push(`${probe.label}: ${String(error)}`);
    return;
  }
  sent++;
  let message: unknown;
  try {
    // The OAuth callback answers the popup with a page: its text is the message.
    message = html ? text.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>|<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() : (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  const label = `${probe.label}: ${status} ${text.slice(0, 160)}`;
  // A request that is valid may reach an outside tool that is not there in this test (yt-dlp
  // search, a download worker): 502/504 with a message is the product's answer to that.
  const serverError = status >= 500 && !(probe.valid && (status === 502 || status === 504) && typeof message === 'string');
  if (serverError) failures.push(`server error: ${label}`);
  else if (!probe.valid) {
    if (probe.status ? status !== probe.status : status < 400 || status >= 500) failures.push(`expected ${probe.status ?? '4xx'}: ${label}`);
    else if (typeof message !== 'string' || message.trim().length < 4) failures.push(`no readable message: ${label}`);
    else if (ENGLISH.test(message) && !SPEC_ENGLISH.has(message)) failures.push(`message not in Indonesian: ${label}`);
  } else if (status >= 400 && probe.method !== 'HEAD' && typeof message !== 'string') failures.push(`no message: ${label}`);
}

/** Runs a batch a few at a time: enough to be quick on two cores, not a load test. */
async function sendAll(probes: Probe[]): Promise<void> {
  built += probes.length;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < probes.length) {
        const probe = probes[next++];
        if (probe) await send(probe);
      }
    }),
  );
}

function callersOf(endpoint: Endpoint): Array<[string, string | undefined]> {
  if (endpoint.access === 'public') return [['anonymous', undefined]];
  if (endpoint.access === 'admin') return [['admin', admin.token]];
  return [
    ['member', memberA.token],
    ['admin', admin.token],
  ];
}

const isValid = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/** Every malformed request of one endpoint, for one caller, around a baseline that reaches a real resource. */
async function probesFor(name: string, endpoint: Endpoint, caller: string, token: string | undefined): Promise<Probe[]> {
  const fixture = fixtures[endpoint.path];
  const target = fixture ? await fixture.make(memberA) : { params: {} as Record<string, string> };
  const params: Record<string, string> = { ...target.params };
  const query: Record<string, string | string[]> = {};
  if (endpoint.query) {
    const base = sample(jsonSchemaOf(endpoint.query));
    for (const [k, v] of Object.entries((base ?? {}) as Record<string, unknown>)) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
    for (const [k, v] of new URLSearchParams(target.query ?? '')) query[k] = v;
  }
  let body: unknown;
  if (endpoint.body) {
    const base = sample(jsonSchemaOf(endpoint.body));
    body = target.body && base && typeof base === 'object' && !Array.isArray(base) ? { ...base, ...(target.body as object) } : base;
  }
  const probes: Probe[] = [];
  // How many baselines the schemas accept: each mutation then tests its own field alone.
  if (isValid(endpoint.params, params) && isValid(endpoint.query, query) && isValid(endpoint.body, body)) validBaselines.add(name);
  const json = (value: unknown) => (value === undefined ? {} : { contentType: 'application/json', body: JSON.stringify(value) });
  const baseBody = endpoint.body ? json(body) : {};
  const probe = (label: string, p: { params?: Record<string, string>; query?: Record<string, string | string[]>; body?: unknown; raw?: { contentType?: string; body?: string | Buffer } }, valid: boolean, status?: number) => {
    const path = fillPath(endpoint.path, p.params ?? params) + queryString(p.query ?? query);
    const payload = p.raw ?? ('body' in p ? json(p.body) : baseBody);
    probes.push({ label: `${endpoint.method} ${endpoint.path} [${name}] as ${caller}: ${label}`, method: endpoint.method, path, token, ...payload, valid, status });
  };

  for (const key of Object.keys(params)) {
    for (const [what, value] of textMutations()) {
      if (value === REMOVE) continue; // an empty segment is another URL, tried as 'empty'
      const next = { ...params, [key]: value };
      probe(`params.${key} ${what}`, { params: next }, isValid(endpoint.params, next));
    }
  }
  if (endpoint.query) {
    for (const key of Object.keys(query)) {
      for (const [what, value] of textMutations()) {
        const next = { ...query };
        if (value === REMOVE) delete next[key];
        else next[key] = value;
        probe(`query.${key} ${what}`, { query: next }, isValid(endpoint.query, next));
      }
      const repeated = { ...query, [key]: [String(query[key]), 'kedua'] };
      probe(`query.${key} repeated`, { query: repeated }, isValid(endpoint.query, repeated));
    }
    const extra = { ...query, tambahan: 'x' };
    probe('query extra parameter', { query: extra }, isValid(endpoint.query, extra));
  }
  if (endpoint.body) {
    const huge = 'h'.repeat(64 * 1024);
    for (const path of fieldPaths(body as never)) {
      for (const [what, value] of bodyMutations(huge)) {
        const next = withValue(body as never, path as Path, value);
        probe(`body.${path.join('.')} ${what}`, { body: next }, isValid(endpoint.body, next));
      }
    }
    for (const [what, value] of [
      ['body null', null],
      ['body number', 42],
      ['body string', 'teks'],
      ['body array', []],
      ['body empty object', {}],
    ] as Array<[string, unknown]>) {
      probe(what, { body: value }, isValid(endpoint.body, value));
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const extra = { ...(body as object), tambahan: 'x', isAdmin: true };
      probe('body extra fields', { body: extra }, isValid(endpoint.body, extra));
      const polluted = `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},${JSON.stringify(body).slice(1)}`;
      probe('body __proto__ keys', { raw: { contentType: 'application/json', body: polluted } }, isValid(endpoint.body, JSON.parse(polluted)));
    }
    // A 1 MB text in the first text field: over this run's body limit, so 413.
    const first = fieldPaths(body as never).find((p) => typeof p[p.length - 1] === 'string');
    if (first) probe(`body.${first.join('.')} 1 MB`, { body: withValue(body as never, first as Path, 'm'.repeat(1024 * 1024)) }, false, 413);
    probe('body over the limit', { raw: { contentType: 'application/json', body: `{"x":"${'o'.repeat(BODY_LIMIT + 10)}"}` } }, false, 413);
    const text = JSON.stringify(body);
    for (const [what, raw] of [
      ['malformed JSON (cut)', { contentType: 'application/json', body: text.slice(0, Math.max(1, text.length - 3)) }],
      ['malformed JSON (single quotes)', { contentType: 'application/json', body: "{'a': 1}" }],
      ['malformed JSON (trailing comma)', { contentType: 'application/json', body: '{"a": 1,}' }],
      ['malformed JSON (NaN)', { contentType: 'application/json', body: '{"a": NaN}' }],
      ['JSON with NUL bytes', { contentType: 'application/json', body: Buffer.from([0x7b, 0x00, 0x7d]) }],
      ['JSON that is not UTF-8', { contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) }],
      ['text/plain', { contentType: 'text/plain', body: text }],
      ['form-urlencoded', { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' }],
      ['multipart to a JSON route', { contentType: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n' }],
      ['no body', {}],
    ] as Array<[string, { contentType?: string; body?: string | Buffer }]>) {
      probe(what, { raw }, isValid(endpoint.body, undefined) && what === 'no body');
    }
  }
  // The downloader's own bad input (issue 20): the schema passes some of these, the server must not.
  if (name === 'media.startBatch') {
    probe('more than 50 links', { body: { urls: Array.from({ length: 51 }, (_, i) => `https://93.184.216.34/v/${i}`) } }, false, 400);
    probe('a link that is not http', { body: { urls: ['ftp://93.184.216.34/v.mp4'] } }, false, 400);
    probe('a link to a private address', { body: { urls: ['http://192.168.1.10/v.mp4'] } }, false, 400);
    probe('a link to loopback after a good one', { body: { urls: ['https://93.184.216.34/v/1', 'http://127.0.0.1:22/'] } }, false, 400);
  }
  // Scheduled uploads (issue 20): another member's, one already public, a time in the past.
  const ctx: FixtureContext = { h, admin, fake: google, passwordHash: '' };
  if ((name === 'youtube.cancelUpload' || name === 'youtube.rescheduleUpload') && caller !== 'admin' && fixture) {
    const good = endpoint.body ? { body: wibScheduleAhead() } : {};
    probe("another member's upload", { params: (await fixture.make(memberB)).params, ...good }, false, 404);
    probe('an upload already public', { params: { id: await publishedUploadOf(ctx, memberA) }, ...good }, false, 409);
  }
  if (name === 'youtube.rescheduleUpload' && caller !== 'admin') {
    probe('a time in the past', { body: wibScheduleAhead(-3600_000) }, false, 400);
    probe('a time 2 minutes ahead', { body: wibScheduleAhead(2 * 60_000) }, false, 400);
  }
  if (name === 'media.redownloadHistory' && caller !== 'admin' && fixture) {
    probe("another member's history entry", { params: (await fixture.make(memberB)).params }, false, 404);
  }
  // Personal API tokens (issue 21 item 2): the named cases, each a 400 with nothing saved.
  if (name === 'meTokens.create') {
    probe('a name over 100 characters', { body: { name: 'n'.repeat(101), scope: 'read' } }, false, 400);
    probe('an unknown scope', { body: { name: 'skrip', scope: 'admin' } }, false, 400);
    probe('an expiry in the past', { body: { name: 'skrip', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' } }, false, 400);
  }
  if ((name === 'meTokens.revoke' || name === 'meTokens.adminRevoke') && fixture) {
    if (name === 'meTokens.revoke') probe("another member's token", { params: (await fixture.make(memberB)).params }, false, 404);
    probe('a token that does not exist', { params: { id: randomUUID() } }, false, 404);
  }
  return probes;
}

function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; type: string; data: Buffer }> = [], boundary = 'batasUji'): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The two multipart routes: their fields come from UploadFieldsSchema and the effect enum. */
function multipartProbes(ownAccountId: string): Probe[] {
  const probes: Probe[] = [];
  const add = (path: string, label: string, contentType: string | undefined, body: string | Buffer | undefined, status?: number, valid = false) => {
    for (const [caller, token] of [['member', memberA.token], ['admin', admin.token]] as const) {
      probes.push({ label: `POST ${path} as ${caller}: ${label}`, method: 'POST', path, token, contentType, body, valid, status });
    }
  };
  const form = 'multipart/form-data; boundary=batasUji';
  // An account nobody has: even a schema-valid form can create nothing.
  const base = { ...(sample(jsonSchemaOf(UploadFieldsSchema)) as Record<string, unknown>), accountId: randomUUID() };
  const fields = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const huge = 'h'.repeat(64 * 1024);
  for (const key of Object.keys(fields)) {
    for (const [what, value] of bodyMutations(huge)) {
      const next = { ...fields };
      if (value === REMOVE) delete next[key];
      else next[key] = typeof value === 'string' ? value : JSON.stringify(value);
      add('/api/youtube/upload', `field ${key} ${what}`, form, multipart(next));
    }
  }
  const notVideo = { field: 'videoFile', name: 'video.mp4', type: 'video/mp4', data: Buffer.from('ini bukan video sama sekali') };
  for (const path of ['/api/youtube/upload', '/api/media/preview-effect']) {
    const ok = path.endsWith('upload') ? fields : { effect: 'sepia' };
    add(path, 'no file', form, multipart(ok));
    add(path, 'a text file named .mp4', form, multipart(ok, [notVideo]));
    add(path, 'unknown file field', form, multipart(ok, [{ ...notVideo, field: 'lainnya' }]));
    add(path, 'two video files', form, multipart(ok, [notVideo, notVideo]));
    add(path, 'file name with traversal and NUL', form, multipart(ok, [{ ...notVideo, name: '../../etc/passwd\u0000.mp4' }]));
    add(path, 'no boundary', 'multipart/form-data', multipart(ok));
    add(path, 'wrong boundary', 'multipart/form-data; boundary=lain', multipart(ok));
    add(path, 'cut off', form, multipart(ok, [notVideo]).subarray(0, 60));
    add(path, 'garbage', form, Buffer.from('\u0000\u0001 bukan multipart'));
    add(path, 'empty', form, '');
    add(path, 'JSON instead', 'application/json', JSON.stringify(ok));
    add(path, 'text/plain', 'text/plain', 'halo');
    add(path, 'form-urlencoded', 'application/x-www-form-urlencoded', 'a=1');
    add(path, 'no content type', undefined, undefined);
  }
  // On a real account with a source URL: text the database cannot store must still be a 400.
  for (const [what, value] of UNICODE) {
    const next = { ...fields, accountId: ownAccountId, title: `Judul ${value}`, description: value, tags: value, playlistId: value };
    if (what === 'NUL') add('/api/youtube/upload', `own account, ${what} in the text fields`, form, multipart(next), 400);
    else add('/api/youtube/upload', `own account, ${what} in the text fields`, form, multipart(next), undefined, UploadFieldsSchema.safeParse(next).success);
  }
  for (const effect of ['', 'tidak-ada', 'none', ...UNICODE.map(([, v]) => v)]) add('/api/media/preview-effect', `effect ${JSON.stringify(effect)}`, form, multipart({ effect }, [notVideo]));
  return probes;
}

const list = Object.entries(endpoints).flatMap(([group, map]) => Object.entries(map as Record<string, Endpoint>).map(([n, e]) => [`${group}.${n}`, e] as const));
const covered = list.filter(([, e]) => e.params || e.query || e.body);

/** The failures a step added: each test answers for its own endpoint's requests. */
async function failuresOf(step: () => Promise<void>): Promise<string[]> {
  const from = failures.length;
  await step();
  return failures.slice(from);
}

// One test per endpoint, in the map's order (the tests of a file run one after another): the
// suite grows with the API, and no one test's time limit has to hold all of it.
/**
 * The suite, in `shards` parts run as separate files side by side (issue 30: one file of 103
 * tests was the API's longest by far): part `shard` takes every `shards`-th endpoint, each part
 * on a product, database and fakes of its own. Part 1 also checks the coverage, the last part the
 * multipart forms.
 */
export function badInputSuite(shard: number, shards: number): void {
  const mine = covered.filter((_, i) => i % shards === shard - 1);
  beforeAll(async () => {
    // The counts are this part's own: a worker that ran another part before kept this module.
    sent = 0;
    built = 0;
    validBaselines.clear();
    failures.length = 0;
    apify = await startFakeApify();
    google = await startFakeGoogle();
    h = await startHarness({ APIFY_BASE_URL: apify.baseUrl, ...fakeGoogleEnv(google), BODY_LIMIT_BYTES: String(BODY_LIMIT) });
    await seedActorConfigs(h.database);
    admin = await member('input-admin', 'admin');
    memberA = await member('input-member', 'user');
    memberB = await member('input-other', 'user');
    fixtures = buildFixtures({ h, admin, fake: google, passwordHash: await hashPassword('throwaway-password') });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await apify.close();
    await google.close();
  });

  describe(`bad input (part ${shard} of ${shards})`, () => {
    if (shard === 1) it('covers every endpoint that takes params, a query or a body', () => {
      expect(covered.length).toBeGreaterThan(40);
    });

    // Bulk deletes last: their fixtures-free valid forms would clear what later batches need.
    for (const [name, endpoint] of mine) {
      it(`${name}: every malformed request gets a readable 4xx and changes nothing`, async () => {
        const found = await failuresOf(async () => {
          const probes: Probe[] = [];
          for (const [caller, token] of callersOf(endpoint)) probes.push(...(await probesFor(name, endpoint, caller, token)));
          const before = await snapshot();
          await sendAll(probes.filter((p) => !p.valid));
          const after = await snapshot();
          for (const table of Object.keys(before)) {
            if (before[table] !== after[table]) failures.push(`${endpoint.method} ${endpoint.path}: table ${table} changed on rejected input (${before[table]} -> ${after[table]})`);
          }
          await sendAll(probes.filter((p) => p.valid));
        });
        expect(found.slice(0, 60)).toEqual([]);
      }, 120_000);
    }

    if (shard === shards) it('multipart forms: every malformed one gets a readable 4xx and changes nothing', async () => {
      const found = await failuresOf(async () => {
        const ownAccount = (await fixtures['/api/youtube/accounts/:id']?.make(memberA))?.params.id ?? '';
        // serverFileId of another member's file: a 404, nothing created.
        const othersFile = await serverFileOf({ h, admin, fake: google, passwordHash: '' }, memberB);
        const before = await snapshot();
        const multipartBatch = multipartProbes(ownAccount);
        multipartBatch.push({
          label: "POST /api/youtube/upload as member: serverFileId of another member's file",
          method: 'POST',
          path: '/api/youtube/upload',
          token: memberA.token,
          contentType: 'multipart/form-data; boundary=batasUji',
          body: multipart({ accountId: ownAccount, title: 'Video uji', madeForKids: 'false', serverFileId: othersFile }),
          valid: false,
          status: 404,
        });
        await sendAll(multipartBatch.filter((p) => !p.valid));
        const after = await snapshot();
        for (const table of Object.keys(before)) if (before[table] !== after[table]) failures.push(`multipart: table ${table} changed on rejected input`);
        await sendAll(multipartBatch.filter((p) => p.valid));
      });
      expect(found.slice(0, 60)).toEqual([]);
    }, 120_000);

    it('sent every request it built', async () => {
      console.log(`bad-input requests: ${sent}`);
      const invalid = mine.map(([n]) => n).filter((n) => !validBaselines.has(n));
      console.log(`bad-input endpoints: ${mine.length} of ${covered.length}, schema-valid baselines: ${mine.length - invalid.length} (not: ${invalid.join(', ') || 'none'})`);
      if (process.env.BAD_INPUT_REPORT) (await import('node:fs')).writeFileSync(process.env.BAD_INPUT_REPORT, failures.join('\n'));
      // Every request built was sent, and the parts together send over 1,000.
      expect(sent).toBe(built);
      expect(sent).toBeGreaterThan(Math.floor(1000 / shards));
      expect(failures).toEqual([]);
    });
  });
}
