// SSRF through the API: every route that takes a URL the server (or its worker) will fetch,
// with private networks not allowed (the production default). The audio look-up runs the real
// yt-dlp behind the API's guard proxy; the upload form checks its source and remix URLs before
// anything is stored or queued. A canary on loopback (IPv4 and IPv6) at the port the loopback
// cases name must hear nothing, and refused uploads leave storage and the database as they were.
// (Redirects and DNS rebinding are proven in packages/integrations/src/ssrf.security.integration.test.ts,
// where the resolver can be injected; the API always uses the system resolver.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { youtubeUploads } from '@scrapper/db/schema';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../test/youtube.ts';

let h: Harness;
let fake: FakeGoogle;
let canary: Server;
let canaryHits: string[] = [];
let P = 0;
let work: string;
let clip: Buffer;
let alice: string;
let aliceAccount: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'files-ssrf-'));
  // prettier-ignore
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=96x64:rate=10:duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(work, 'clip.mp4')]);
  clip = readFileSync(join(work, 'clip.mp4'));
  canary = createServer((req, res) => {
    canaryHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'audio/mp4' }).end('secret');
  });
  await new Promise<void>((resolve) => canary.listen(0, '::', resolve));
  P = (canary.address() as AddressInfo).port;
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness({ ...fakeGoogleEnv(fake) });
  expect(h.env.allowPrivateNetworkFetch).toBe(false);
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  const admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  aliceAccount = await connectAccount(h, alice, await createClientSecret(h, admin));
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
  canary?.closeAllConnections();
  await new Promise((resolve) => canary?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

function hostileUrls(): string[] {
  return [
    `http://127.0.0.1:${P}/a.m4a`,
    `http://127.1:${P}/a.m4a`,
    `http://127.0.0.2:${P}/a.m4a`,
    `http://0.0.0.0:${P}/a.m4a`,
    `http://0:${P}/a.m4a`,
    `http://[::1]:${P}/a.m4a`,
    `http://[::]:${P}/a.m4a`,
    `http://[::ffff:127.0.0.1]:${P}/a.m4a`,
    `http://[::ffff:7f00:1]:${P}/a.m4a`,
    `http://[::ffff:0:7f00:1]:${P}/a.m4a`,
    `http://[64:ff9b::7f00:1]:${P}/a.m4a`,
    `http://[64:ff9b:1::7f00:1]:${P}/a.m4a`,
    `http://[2002:7f00:1::]:${P}/a.m4a`,
    `http://2130706433:${P}/a.m4a`,
    `http://0x7f000001:${P}/a.m4a`,
    `http://0x7f.1:${P}/a.m4a`,
    `http://0177.0.0.1:${P}/a.m4a`,
    `http://127.0.0.1.:${P}/a.m4a`,
    `http://%31%32%37.0.0.1:${P}/a.m4a`,
    `http://１２７.０.０.１:${P}/a.m4a`,
    `https://127.0.0.1:${P}/a.m4a`,
    `http://localhost:${P}/a.m4a`,
    `http://localhost.:${P}/a.m4a`,
    `http://media.localhost:${P}/a.m4a`,
    `http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:${P}/a.m4a`,
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/a.m4a',
    'http://172.16.0.1/a.m4a',
    'http://172.31.255.254/a.m4a',
    'http://192.168.1.1/a.m4a',
    'http://100.64.0.1/a.m4a',
    'http://[fc00::1]/a.m4a',
    'http://[fe80::1]/a.m4a',
    'https://10.0.0.1/a.m4a',
    'file:///etc/passwd',
    `gopher://127.0.0.1:${P}/_GET%20/`,
    'ftp://127.0.0.1/a.m4a',
    'data:audio/mp4;base64,AAAA',
    `dict://127.0.0.1:${P}/info`,
    `http://user@127.0.0.1:${P}/a.m4a`,
    'http://user:pass@example.com/a.m4a',
    `http://example.com@127.0.0.1:${P}/a.m4a`,
    '--exec=touch /tmp/pwned',
    '-o/etc/x',
    '--config-location=/etc/passwd',
  ];
}

/** What a refusal says: one of the guard's (or the schema's) readable reasons, in Indonesian. */
const REFUSAL = /jaringan lokal atau privat|loopback|Hanya URL http|nama pengguna|URL tidak valid|^querystring\.url: /;

async function uploadRows(): Promise<number> {
  const [row] = await h.database.db.select({ n: count() }).from(youtubeUploads);
  return row?.n ?? 0;
}

async function postForm(parts: Record<string, string>, withVideo: boolean): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  if (withVideo) form.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${h.baseUrl}/api/youtube/upload`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: form });
  return { status: res.status, body: await res.json() };
}

describe('SSRF through the API', () => {
  it('refuses every hostile URL on every route that fetches one; the canary hears nothing; nothing is stored or queued', async () => {
    const urls = hostileUrls();
    let requests = 0;
    const rowsBefore = await uploadRows();
    const storedBefore = await h.storedFiles('uploads/');
    for (const url of urls) {
      // The audio look-up (yt-dlp in the API process, behind the API's guard proxy).
      const info = await h.request('GET', `/api/youtube/audio-info?url=${encodeURIComponent(url)}`, { token: alice });
      expect(info.status, `audio-info ${url}: ${JSON.stringify(info.body)}`).toBe(400);
      expect(info.body.message, url).toMatch(REFUSAL);
      requests++;
      // The upload form's scraped source (downloaded by the worker).
      const source = await postForm({ accountId: aliceAccount, title: 'Video', madeForKids: 'false', scraperVideoUrl: url }, false);
      expect(source.status, `scraperVideoUrl ${url}: ${JSON.stringify(source.body)}`).toBe(400);
      expect(source.body.message, url).toMatch(/scraperVideoUrl/);
      requests++;
      // The remix audio URL, with a real video that must not stay stored.
      const remix = await postForm({ accountId: aliceAccount, title: 'Video', madeForKids: 'false', audioRemixUrl: url }, true);
      expect(remix.status, `audioRemixUrl ${url}: ${JSON.stringify(remix.body)}`).toBe(400);
      expect(remix.body.message, url).toMatch(/audioRemixUrl/);
      requests++;
    }
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await h.storedFiles('uploads/')).toEqual(storedBefore);
    expect(canaryHits).toEqual([]);
    console.log(`ssrf cases (api): ${urls.length} urls, ${requests} requests`);
  }, 80_000);

  it('the audio look-up still reaches a public-looking name it cannot resolve with a 400, not a 500', async () => {
    const res = await h.request('GET', `/api/youtube/audio-info?url=${encodeURIComponent('http://no-such-host.invalid/a.m4a')}`, { token: alice });
    expect(res.status).toBe(400);
    expect(canaryHits).toEqual([]);
    canaryHits = [];
  });
});
