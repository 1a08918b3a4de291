// The built web app as the API serves it, from a tiny fake dist (WEB_DIST_DIR): security
// headers, precompressed copies chosen by Accept-Encoding, caching; and the compression of
// API answers, which leaves byte-ranged stored files alone.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '@scrapper/db/schema';
import { startHarness, type Harness } from '../../../test/harness.ts';

const INDEX_HTML = '<!doctype html><html lang="id"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const ENTRY_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `baris ${i}`))};\n`;
const STYLES = `${'.row { color: #e6edf3; }\n'.repeat(200)}`;
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['../src/rahasia.tsx'], sourcesContent: ['export const rahasia = 1;'], mappings: '' });

let h: Harness;
let dist: string;
let member: string;
let memberId: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scrapper-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets/index-abc123.js'), ENTRY_JS);
  // What the build's precompress plugin writes beside each file.
  writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(ENTRY_JS));
  writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(ENTRY_JS));
  // A file with a gzip copy only: a brotli client gets gzip, not the wrong bytes.
  writeFileSync(join(dist, 'assets/style-def456.css'), STYLES);
  writeFileSync(join(dist, 'assets/style-def456.css.gz'), gzipSync(STYLES));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The production build writes source maps beside its assets (vite `sourcemap: true`).
  writeFileSync(join(dist, 'assets/index-abc123.js.map'), SOURCE_MAP);
  writeFileSync(join(dist, 'sw.js.map'), SOURCE_MAP);
  h = await startHarness({ WEB_DIST_DIR: dist });
  memberId = (await h.createUser('web-member', 'member-password', 'user')).id;
  await h.createUser('web-admin', 'admin-password', 'admin');
  member = await h.login('web-member', 'member-password');
});
afterAll(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${h.baseUrl}${path}`, { headers });
}

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name = '', ...values] = d.split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('script-src-attr')).toEqual(["'none'"]);
  expect(directives.get('style-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  // Plain http here: HSTS goes on https answers only (security-headers.integration.test.ts).
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('the index, an asset and an API answer all carry the CSP and the other headers', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(await index.text()).toBe(INDEX_HTML);
    expectSecurityHeaders(index);

    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset);

    const api = await get('/api/auth/me', { authorization: `Bearer ${member}` });
    expect(api.status).toBe(200);
    expectSecurityHeaders(api);

    // Swagger UI adds <style> elements: its own routes, and only they, allow inline styles.
    const docs = await get('/api/docs/');
    expect(docs.status).toBe(200);
    const docsCsp = docs.headers.get('content-security-policy') ?? '';
    expect(docsCsp).toContain("style-src 'self' 'unsafe-inline'");
    expect(docsCsp).toContain("script-src 'self';");
    expect(docsCsp).toContain("frame-ancestors 'none'");

    const notFound = await get('/api/no-such-route');
    expect(notFound.status).toBe(404);
    expectSecurityHeaders(notFound);
  });
});

describe('static files', () => {
  it('sends the brotli copy to a client that takes br, with the type of the original', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes transparently: the body is the original file.
    expect(await res.text()).toBe(ENTRY_JS);
  });

  it('sends gzip to a gzip-only client, and the plain file to one that asks for no encoding', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(await gz.text()).toBe(ENTRY_JS);

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(ENTRY_JS));
    expect(await plain.text()).toBe(ENTRY_JS);
  });

  it('the compressed bytes on the wire are the precompressed copy', async () => {
    // node's fetch always decodes; a raw request shows what was sent.
    const { request } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(`${h.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(ENTRY_JS));
    expect(brotliDecompressSync(raw.body).toString()).toBe(ENTRY_JS);
  });

  it('falls back to the gzip copy when there is no brotli one', async () => {
    const res = await get('/assets/style-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await res.text()).toBe(STYLES);
  });

  it('the index is revalidated on every use; unhashed public files too', async () => {
    const index = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('compressed copies are never served by name, and traversal is a 404', async () => {
    for (const path of [
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/assets/..%2Findex.html',
      '/assets/missing-000000.js',
      '/index.html',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('API compression', () => {
  it('compresses JSON answers of 1 KB and more, by Accept-Encoding', async () => {
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      void import('node:http').then(({ request }) => {
        const req = request(`${h.baseUrl}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(String(raw.headers.vary).toLowerCase()).toContain('accept-encoding');
    const spec = JSON.parse(gunzipSync(raw.body).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);

    const br = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
  });

  it('leaves small answers as they are', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('never compresses a stored file sent with byte ranges, even of a compressible type', async () => {
    const key = `downloads/${memberId}/result.json`;
    const content = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    await h.storage.write(key, content);
    const [row] = await h.database.db
      .insert(downloads)
      .values({
        ownerId: memberId,
        platform: 'tiktok',
        sourceItemId: 'json-file',
        sourceUrl: 'https://example.test/v/json',
        title: 'Berkas JSON',
        author: 'kreator',
        quality: 'best',
        status: 'completed',
        storageKey: key,
        sizeBytes: content.length,
        mime: 'application/json',
      })
      .returning({ id: downloads.id });
    const url = `/api/media/download/history/${row?.id}`;
    const auth = { authorization: `Bearer ${member}`, 'accept-encoding': 'gzip, br' };

    const whole = await get(url, auth);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBeNull();
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(whole.headers.get('content-length'))).toBe(content.length);
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);

    const part = await get(url, { ...auth, range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(0, 10))).toBe(true);
  });
});

describe('source maps', () => {
  it('are a 404 by default, hashed or at the root', async () => {
    for (const path of ['/assets/index-abc123.js.map', '/sw.js.map']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('rahasia');
    }
    // The script itself is still served.
    expect((await get('/assets/index-abc123.js')).status).toBe(200);
  });

  it('are served with SERVE_SOURCEMAPS=true', async () => {
    const withMaps = await startHarness({ WEB_DIST_DIR: dist, SERVE_SOURCEMAPS: 'true' });
    try {
      for (const path of ['/assets/index-abc123.js.map', '/sw.js.map']) {
        const res = await fetch(`${withMaps.baseUrl}${path}`);
        expect(res.status, path).toBe(200);
        expect(await res.text()).toContain('rahasia');
      }
    } finally {
      await withMaps.close();
    }
  });
});
