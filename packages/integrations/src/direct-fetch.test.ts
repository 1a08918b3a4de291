import type { LookupAddress } from 'node:dns';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DirectFetchError, fetchDirectMedia, isExpiredMediaUrl, signedUrlExpiresAt, type DirectFetchRequest } from './direct-fetch.ts';

const VIDEO = Buffer.alloc(200_000, 1);

let server: Server;
let base: string;
let dir: string;
let hits: string[];

function video(res: ServerResponse, type = 'video/mp4'): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': VIDEO.length }).end(VIDEO);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/video.mp4':
        return video(res);
      case '/octet':
        return video(res, 'application/octet-stream');
      case '/page.html':
        return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>');
      case '/redirect':
        return res.writeHead(302, { Location: to ?? '/video.mp4' }).end();
      case '/loop':
        return res.writeHead(301, { Location: '/loop' }).end();
      case '/chunked':
        // No Content-Length: the limit has to be counted while streaming.
        res.writeHead(200, { 'Content-Type': 'video/mp4' });
        return res.end(VIDEO);
      case '/truncated':
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': VIDEO.length * 2 });
        res.write(VIDEO);
        setTimeout(() => res.destroy(), 50);
        return;
      case '/slow':
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': VIDEO.length });
        res.write(VIDEO.subarray(0, 1000));
        return; // the rest never comes; close() cuts it
      case '/missing':
        return res.writeHead(404).end('Not found');
      case '/unavailable':
        return res.writeHead(503).end('Later');
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  hits = [];
  dir = await mkdtemp(join(tmpdir(), 'direct-fetch-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fetchTo(path: string, overrides: Partial<DirectFetchRequest> = {}) {
  return fetchDirectMedia({
    url: `${base}${path}`,
    outputPath: join(dir, 'video.mp4'),
    maxBytes: 1_000_000,
    socketTimeoutSecs: 5,
    allowPrivateNetwork: true,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<DirectFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DirectFetchError) return error;
    throw error;
  }
  throw new Error('expected a DirectFetchError');
}

describe('fetchDirectMedia', () => {
  it('downloads a video to the file, with progress', async () => {
    const progress: number[] = [];
    const result = await fetchTo('/video.mp4', {
      onProgress: ({ downloadedBytes }) => progress.push(downloadedBytes),
    });
    expect(result).toEqual({
      filePath: join(dir, 'video.mp4'),
      sizeBytes: VIDEO.length,
      contentType: 'video/mp4',
      finalUrl: `${base}/video.mp4`,
    });
    expect((await readFile(result.filePath)).equals(VIDEO)).toBe(true);
    expect(progress.at(-1)).toBe(VIDEO.length);
    expect(await readdir(dir)).toEqual(['video.mp4']);
  });

  it('accepts application/octet-stream and follows redirects', async () => {
    expect((await fetchTo('/octet')).contentType).toBe('application/octet-stream');
    const redirected = await fetchTo('/redirect');
    expect(redirected.finalUrl).toBe(`${base}/video.mp4`);
    expect(hits).toEqual(['/octet', '/redirect', '/video.mp4']);
  });

  it('refuses loopback addresses unless private networks are allowed, before connecting', async () => {
    const error = await failure(fetchTo('/video.mp4', { allowPrivateNetwork: false }));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/jaringan lokal atau privat/);
    expect(hits).toEqual([]);
  });

  it('connects only to the address it checked (a second DNS answer cannot rebind to loopback)', async () => {
    let answers = 0;
    const resolveHost = async (): Promise<LookupAddress[]> =>
      answers++ === 0
        ? [{ address: '93.184.216.34', family: 4 }]
        : [{ address: '127.0.0.1', family: 4 }];
    const port = new URL(base).port;
    const error = await failure(
      fetchTo('', {
        url: `http://cdn.example:${port}/video.mp4`,
        allowPrivateNetwork: false,
        resolveHost,
      }),
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/cdn\.example \(127\.0\.0\.1\)/);
    expect(hits).toEqual([]);
  });

  it('checks every redirect hop again', async () => {
    const toFile = await failure(
      fetchTo(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`),
    );
    expect(toFile.message).toMatch(/Hanya URL http atau https/);
    const withCredentials = await failure(
      fetchTo(
        `/redirect?to=${encodeURIComponent(`http://user:secret@${new URL(base).host}/video.mp4`)}`,
      ),
    );
    expect(withCredentials.message).toBe('URL tidak boleh memuat nama pengguna atau kata sandi.');
    const loop = await failure(fetchTo('/loop'));
    expect(loop).toMatchObject({
      kind: 'permanent',
      message: 'Terlalu banyak pengalihan (lebih dari 5).',
    });
    expect(hits.filter((path) => path === '/video.mp4')).toEqual([]);
  });

  it('refuses what is not video or audio', async () => {
    const error = await failure(fetchTo('/page.html'));
    expect(error).toMatchObject({ kind: 'permanent' });
    expect(error.message).toMatch(/bukan|tidak mengarah ke file video/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('enforces the size limit from Content-Length and while streaming', async () => {
    for (const path of ['/video.mp4', '/chunked']) {
      const error = await failure(fetchTo(path, { maxBytes: 50_000 }));
      expect(error).toMatchObject({
        kind: 'permanent',
        message: 'Ukuran file melebihi batas 50000 byte.',
      });
      expect(await readdir(dir)).toEqual([]);
    }
  });

  it('classifies HTTP errors', async () => {
    expect(await failure(fetchTo('/missing'))).toMatchObject({ kind: 'permanent', status: 404 });
    expect(await failure(fetchTo('/unavailable'))).toMatchObject({
      kind: 'transient',
      status: 503,
    });
  });

  it('treats a cut connection and silence as transient, leaving no partial file', async () => {
    expect((await failure(fetchTo('/truncated'))).kind).toBe('transient');
    const silent = await failure(fetchTo('/slow', { socketTimeoutSecs: 0.3 }));
    expect(silent.kind).toBe('transient');
    const overall = await failure(fetchTo('/slow', { timeoutMs: 300 }));
    expect(overall).toMatchObject({ kind: 'transient', message: 'Unduhan melewati batas waktu.' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops on cancel', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(fetchTo('/slow', { signal: controller.signal }));
    expect(error.kind).toBe('cancelled');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('signed media URLs', () => {
  const now = new Date('2026-10-01T00:00:00Z');
  const hex = (date: Date) => Math.floor(date.getTime() / 1000).toString(16).toUpperCase();

  it("reads Instagram's and Facebook's oe (hex Unix seconds)", () => {
    const at = new Date('2026-10-01T06:00:00Z');
    const url = `https://scontent-sin6-1.cdninstagram.com/o1/v/t16/f2/m86/video.mp4?efg=x&_nc_ht=scontent&oh=00_AbC&oe=${hex(at)}`;
    expect(signedUrlExpiresAt(url)).toEqual(at);
    expect(isExpiredMediaUrl(url, now)).toBe(false);
    expect(isExpiredMediaUrl(url, new Date('2026-10-01T06:00:01Z'))).toBe(true);
  });

  it('reads decimal x-expires / expire / expires', () => {
    expect(signedUrlExpiresAt('https://v16-webapp.tiktok.test/video/?a=1&expire=1790000000')).toEqual(new Date(1790000000 * 1000));
    expect(signedUrlExpiresAt('https://cdn.test/v.mp4?x-expires=1790000000&sig=z')).toEqual(new Date(1790000000 * 1000));
    expect(isExpiredMediaUrl('https://cdn.test/v.mp4?Expires=1600000000', now)).toBe(true);
  });

  it('says nothing for URLs that name no expiry or are not URLs', () => {
    for (const url of ['https://api.apify.com/v2/key-value-stores/k/records/v.mp4', 'https://cdn.test/v.mp4?oe=soon&expire=tomorrow', 'not a url']) {
      expect(signedUrlExpiresAt(url), url).toBeUndefined();
      expect(isExpiredMediaUrl(url, now), url).toBe(false);
    }
  });
});
