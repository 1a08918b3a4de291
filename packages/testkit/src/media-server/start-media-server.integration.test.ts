import { access } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRange } from './send-file.ts';
import {
  AUDIO_PAGE_SONG,
  AUDIO_SEARCH_RESULTS,
  startMediaServer,
  type MediaServer,
} from './start-media-server.ts';

let media: MediaServer;

beforeAll(async () => {
  media = await startMediaServer();
});
afterAll(async () => {
  await media.close();
});
beforeEach(() => media.clearRequests());

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=5-1', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
  ])('%s of 1000 bytes -> %o', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('startMediaServer', () => {
  it('serves the generated clips with their content types and sizes', async () => {
    for (const [url, type] of [
      [media.urls.clip3s, 'video/mp4'],
      [media.urls.clip8s, 'video/mp4'],
      [media.urls.clip40s, 'video/mp4'],
      [media.urls.audio, 'audio/mp4'],
      [media.urls.hlsMaster, 'application/vnd.apple.mpegurl'],
      [`${media.baseUrl}/hls/720p/index.m3u8`, 'application/vnd.apple.mpegurl'],
      [`${media.baseUrl}/hls/720p/seg-000.ts`, 'video/mp2t'],
    ] as const) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeGreaterThan(100);
    }
  });

  it('lists real renditions in the master playlist', async () => {
    const master = await (await fetch(media.urls.hlsMaster)).text();
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toContain('RESOLUTION=1920x1080');
    expect(master).toContain('TYPE=AUDIO');
  });

  it('answers ranges with 206 and impossible ones with 416', async () => {
    const whole = Buffer.from(await (await fetch(media.urls.clip3s)).arrayBuffer());
    const part = await fetch(media.urls.clip3s, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
    const beyond = await fetch(media.urls.clip3s, { headers: { Range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('embeds the direct video in a page', async () => {
    const page = await (await fetch(media.urls.embedPage)).text();
    expect(page).toContain(`<video controls src="${media.urls.embeddedVideo}">`);
    expect(page).toContain(`<meta property="og:video" content="${media.urls.embeddedVideo}">`);
  });

  it('asks for a login unless the session cookie comes along, and logs the cookie', async () => {
    const refused = await fetch(media.urls.loginRequired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/Login required[\s\S]*Bot check/);
    const { name, value } = media.sessionCookie;
    const allowed = await fetch(media.urls.loginRequired, {
      headers: { Cookie: `other=1; ${name}=${value}` },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toBe('video/mp4');
    await allowed.arrayBuffer();
    expect(media.requests.map(({ path, status, cookie }) => ({ path, status, cookie }))).toEqual([
      { path: '/members/clip.mp4', status: 403, cookie: undefined },
      { path: '/members/clip.mp4', status: 200, cookie: `other=1; ${name}=${value}` },
    ]);
  });

  it('serves hostile titles and file names as they are, escaped in HTML', async () => {
    const title = '--exec touch /tmp/x <script>"../../etc/passwd"';
    const page = await (await fetch(media.titledPageUrl(title))).text();
    expect(page).toContain('<title>--exec touch /tmp/x &#60;script&#62;&#34;../../etc/passwd&#34;</title>');
    expect(page).toContain(`<video controls src="${media.urls.clip3s}">`);
    const named = await fetch(media.namedClipUrl('../-o évil.mp4'));
    expect(named.status).toBe(200);
    expect(named.headers.get('content-type')).toBe('video/mp4');
    expect(named.headers.get('content-disposition')).toBe(
      `attachment; filename="../-o _vil.mp4"; filename*=UTF-8''${encodeURIComponent('../-o évil.mp4')}`,
    );
    expect((await named.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('answers 404, 503 and redirects', async () => {
    expect((await fetch(media.urls.notFound)).status).toBe(404);
    expect((await fetch(`${media.baseUrl}/hls/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(media.urls.serverError)).status).toBe(503);
    const redirect = await fetch(media.redirectUrl('/media/clip-3s.mp4'), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/media/clip-3s.mp4');
  });

  it('trickles the slow endpoint and records a client that gives up', async () => {
    const controller = new AbortController();
    const response = await fetch(media.urls.slow, { signal: controller.signal });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(first?.value?.length).toBeLessThanOrEqual(16 * 1024);
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(media.requests.at(-1)).toMatchObject({
      path: '/slow/clip.mp4',
      status: 200,
      completed: false,
    });
  });

  it('shares one generated set between servers and removes it when the last one closes', async () => {
    const second = await startMediaServer();
    const third = await startMediaServer();
    const clip = await fetch(second.urls.clip8s);
    expect(clip.status).toBe(200);
    await clip.arrayBuffer();
    await second.close();
    await third.close();
    expect((await fetch(media.urls.clip8s)).status).toBe(200);
  });
});

describe('media folder lifetime', () => {
  it('is removed when the last server closes', async () => {
    // A separate ffmpeg name gets a separate set, so this does not disturb `media`.
    const own = await startMediaServer({ ffmpeg: '/usr/bin/ffmpeg' });
    const dirs = own.mediaDir;
    await access(dirs);
    await own.close();
    await expect(access(dirs)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('answers audio searches with an RSS feed that echoes the query as escaped text', async () => {
    const url = media.urls.audioSearch
      .replace('{query}', encodeURIComponent('<b>&"--exec'))
      .replace('{limit}', '2');
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = await response.text();
    expect(feed.match(/<item>/g)).toHaveLength(2);
    expect(feed).toContain('<title>&#60;b&#62;&#38;&#34;--exec - Lagu 1</title>');
    expect(feed).toContain(
      `<itunes:duration>${AUDIO_SEARCH_RESULTS[1].duration}</itunes:duration>`,
    );
    expect(feed).toContain(`${media.baseUrl}/media/audio.m4a?result=2`);
  });

  it('describes the song on the audio page with JSON-LD', async () => {
    const page = await (await fetch(media.urls.audioPage)).text();
    const jsonLd = /<script type="application\/ld\+json">(.*)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'AudioObject',
      name: AUDIO_PAGE_SONG.title,
      duration: 'PT5S',
      contentUrl: media.urls.audio,
    });
  });
});
