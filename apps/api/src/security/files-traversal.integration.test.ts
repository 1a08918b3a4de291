// Path traversal and file-name tricks on every API parameter that names a file or could become
// part of a path or storage key, and on the web app's static routes. Every answer must be a
// 400, 404 or 414 (a parameter over Fastify's length limit; never a 5xx, never a file), no answer may carry the canaries planted beside the
// storage root and the web build, and the files that exist must still be served (so the
// refusals are not just a dead route).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '@scrapper/db/schema';
import { contentDisposition } from '../lib/send-stored-file.ts';
import { startHarness, type Harness } from '../../test/harness.ts';

const CANARY = 'CANARY-7d1f0c-outside-the-root';
const SECRET_PATTERNS = [CANARY, 'root:x:0:0', '[fonts]', 'jwtSecret', 'secretsKey'];

/** Names, keys and paths as an attacker would write them. */
const TRICKS: readonly string[] = [
  '../secret.txt',
  '../../../../etc/passwd',
  '..%2f..%2fsecret.txt',
  '%2e%2e%2f%2e%2e%2fsecret.txt',
  '%252e%252e%252fsecret.txt',
  '..%252f..%252fsecret.txt',
  '%c0%ae%c0%ae%2fsecret.txt',
  '/etc/passwd',
  '//etc/passwd',
  'C:\\Windows\\win.ini',
  '..\\..\\secret.txt',
  'secret.txt\u0000.json',
  'secret.txt%00.json',
  '.',
  '..',
  '...',
  '....//....//secret.txt',
  '.env',
  '.git/config',
  'secrets.json',
  '-rf',
  '--help',
  `${'x'.repeat(300)}.json`,
  `${'ä'.repeat(320)}.json`,
  '\uff0e\uff0e\uff0fsecret.txt',
  '\u2025\u2215secret.txt',
  'tiktok_20261122-101010_deadbeef.json/../../secret.txt',
  'tiktok_20261122-101010_deadbeef.json\u0000',
  '~/secret.txt',
];

let h: Harness;
let work: string;
let dist: string;
let admin: string;
let alice: string;
let aliceId: string;
let aliceDownload: string;
let cases = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'files-traversal-'));
  // A web build with an asset, a public file and a hidden one; the canary sits beside it.
  dist = join(work, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Scrapper</title>');
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dist, '.env'), CANARY);
  writeFileSync(join(dist, 'assets', '.secret'), CANARY);
  writeFileSync(join(work, 'secret.txt'), CANARY);
  h = await startHarness({ WEB_DIST_DIR: dist });
  // Beside the storage root too (DATA_DIR/storage on the local driver).
  writeFileSync(join(h.env.dataDir, 'secret.txt'), CANARY);
  await h.createUser('boss', 'boss-password', 'admin');
  aliceId = (await h.createUser('alice', 'alice-password', 'user')).id;
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  const key = `downloads/${aliceId}/known.mp4`;
  await h.storage.write(key, Buffer.from('alice video bytes'));
  const [row] = await h.database.db
    .insert(downloads)
    .values({
      ownerId: aliceId,
      platform: 'tiktok',
      sourceItemId: 'item-1',
      sourceUrl: 'https://example.test/v/1',
      // A title that would be a path or an option if it ever became a file name.
      title: '../../etc/passwd --exec touch x\r\nX-Injected: 1',
      author: 'kreator',
      quality: 'best',
      status: 'completed',
      storageKey: key,
      sizeBytes: 17,
      mime: 'video/mp4',
    })
    .returning();
  aliceDownload = row?.id ?? '';
});
afterAll(async () => {
  await h?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A request with the path sent exactly as written (fetch would normalise `../`). */
function raw(method: string, path: string, token?: string): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  const { port } = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Node refuses to send some raw paths (NUL, spaces); those go percent-encoded only. */
// eslint-disable-next-line no-control-regex
const sendable = (path: string) => !/[\u0000-\u0020\u007f-\uffff]/.test(path);

async function expectRefused(method: string, path: string, token: string | undefined, allowed = [400, 404, 414]): Promise<void> {
  const res = await raw(method, path, token);
  expect(allowed, `${method} ${path} -> ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
  for (const secret of SECRET_PATTERNS) expect(res.text, `${method} ${path}`).not.toContain(secret);
  cases++;
}

describe('file parameters of the API', () => {
  it('refuses every trick in every parameter that names a file, an item or a stored record', async () => {
    const encoded = (value: string) => encodeURIComponent(value);
    for (const trick of TRICKS) {
      const e = encoded(trick);
      await expectRefused('GET', `/api/scrape/content/${e}`, alice);
      await expectRefused('GET', `/api/data/items?filename=${e}`, alice);
      await expectRefused('GET', `/api/data/items?filename=tiktok_20261122-101010_deadbeef.json&username=${e}`, admin);
      await expectRefused('GET', `/api/media/preview/item-1?filename=${e}`, alice);
      await expectRefused('GET', `/api/media/preview/${e}?filename=tiktok_20261122-101010_deadbeef.json`, alice);
      await expectRefused('GET', `/api/media/download/item-1?filename=${e}`, alice);
      await expectRefused('GET', `/api/media/download/${e}?filename=tiktok_20261122-101010_deadbeef.json`, alice);
      await expectRefused('GET', `/api/media/download/history/${e}`, alice);
      await expectRefused('DELETE', `/api/media/history/${e}`, alice);
      await expectRefused('DELETE', `/api/files/${e}`, alice);
      await expectRefused('GET', `/api/media/batches/${e}`, alice);
      const batch = await h.request('POST', '/api/media/batches', {
        token: alice,
        body: { filename: trick, itemIds: [trick], quality: 'best' },
      });
      expect([400, 404], `batch ${trick}`).toContain(batch.status);
      cases++;
      const list = await h.request('GET', `/api/files?platform=${e}`, { token: alice });
      // A filter, not a name: an answer, never a file.
      expect([200, 400], `files?platform=${trick}`).toContain(list.status);
      if (list.status === 200) expect(list.body.files).toEqual([]);
      cases++;
      // Raw, unencoded forms where HTTP can carry them: the router never joins them into a path.
      if (sendable(trick)) {
        await expectRefused('GET', `/api/scrape/content/${trick}`, alice);
        await expectRefused('GET', `/api/media/download/history/${trick}`, alice);
        await expectRefused('DELETE', `/api/files/${trick}`, alice);
      }
    }
    // Traversal around a real record: the id is looked up, never joined.
    await expectRefused('GET', `/api/media/download/history/${aliceDownload}/../../../secret.txt`, alice);
    await expectRefused('GET', `/api/media/download/history/${aliceDownload}%2f..%2f..%2fsecret.txt`, alice);
    await expectRefused('GET', `/api/media/download/history/..%2f${aliceDownload}`, alice);
    // Nothing was removed by the DELETE tricks.
    expect(await h.storage.exists(`downloads/${aliceId}/known.mp4`)).toBe(true);
    expect(readdirSync(h.env.dataDir)).toContain('secret.txt');
  }, 80_000);

  it('serves the real record, with a download name built from its title that is neither a path nor a header', async () => {
    const res = await raw('GET', `/api/media/download/history/${aliceDownload}`, alice);
    expect(res.status).toBe(200);
    expect(res.text).toBe('alice video bytes');
    const disposition = String(res.headers['content-disposition']);
    expect(res.headers['x-injected']).toBeUndefined();
    const name = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
    expect(name).toBe('etc passwd --exec touch x X-Injected 1.mp4');
    expect(disposition).toMatch(/^attachment; /);
  });

  it('turns any title into a plain download name: no folders, hidden files, leading dashes or reserved characters', () => {
    for (const title of [...TRICKS, '', '   ', '.bashrc', '-rf', '--exec touch x', 'a:b*c?d|e<f>g"h', 'tab\there', 'CON', '\u202egnp.exe']) {
      const disposition = contentDisposition(title, 'mp4');
      const name = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
      const utf8 = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition)?.[1] ?? '');
      for (const candidate of [name, utf8]) {
        expect(candidate, JSON.stringify(title)).toMatch(/\.mp4$/);
        // eslint-disable-next-line no-control-regex
        expect(candidate, JSON.stringify(title)).not.toMatch(/[/\\:*?"<>|\u0000-\u001f\u202e]|^[.\s-]/);
        expect(candidate.length, JSON.stringify(title)).toBeLessThanOrEqual(124);
      }
      expect(disposition).not.toMatch(/[\r\n]/);
      cases++;
    }
  });
});

describe('web static routes', () => {
  it('serve the build (index, an asset, a public file)', async () => {
    expect((await raw('GET', '/')).status).toBe(200);
    expect((await raw('GET', '/assets/app-1a2b3c.js')).text).toBe('console.log("app")');
    expect((await raw('GET', '/favicon.svg')).status).toBe(200);
  });

  it('never serve a file outside the build, a hidden file, or a folder', async () => {
    const paths = [
      '/.env',
      '/assets/.secret',
      '/assets/../.env',
      '/assets/../../secret.txt',
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%252e%252e%252fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/..\\..\\secret.txt',
      '/..\\secret.txt',
      '//etc/passwd',
      '/assets//etc/passwd',
      '/assets/%2fetc%2fpasswd',
      '/%2fetc%2fpasswd',
      '/etc/passwd',
      '/assets/',
      '/assets',
      '/assets/.',
      '/assets/..',
      '/assets/%2e',
      '/assets/%2e%2e',
      '/index.html%00.js',
      '/assets/app-1a2b3c.js%00.html',
      '/assets/app-1a2b3c.js%2f..%2f..%2f.env',
      '/C:%5cWindows%5cwin.ini',
      `/assets/${'a'.repeat(300)}.js`,
      `/assets/${encodeURIComponent('ä'.repeat(320))}.js`,
      '/-rf',
      '/--help',
      '/%ef%bc%8e%ef%bc%8e%ef%bc%8fsecret.txt',
      '/secret.txt',
    ];
    for (const path of paths) {
      const res = await raw('GET', path);
      // `/assets` alone and `/` forms may answer the index (a 200 of the app itself) or 404.
      const isIndex = res.status === 200 && res.text.includes('<title>Scrapper</title>');
      expect(isIndex || [400, 404, 414].includes(res.status), `${path} -> ${res.status} ${res.text.slice(0, 120)}`).toBe(true);
      for (const secret of SECRET_PATTERNS) expect(res.text, path).not.toContain(secret);
      cases++;
    }
    console.log(`traversal cases (api + web): ${cases}`);
  });
});
