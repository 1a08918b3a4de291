// A member's own cookies from the browser extension (issue 17), over real HTTP and PostgreSQL:
// sealed at rest, replaced on the next sync, each member's own, bad input refused whole.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { readZipEntries } from '@scrapper/testkit/zip-entries';
import { startHarness, type Harness } from '../../../test/harness.ts';
import {
  DEFAULT_EXTENSION_DIST,
  extensionPackage,
} from '../../services/me-cookies/extension-package.ts';

let h: Harness;
let ana: string;
let budi: string;
let anaId: string;

const line = (domain: string, name: string, value: string, expires = 1_900_000_000) =>
  `${domain}\tTRUE\t/\tTRUE\t${expires}\t${name}\t${value}`;
const file = (...lines: string[]) => `# Netscape HTTP Cookie File\n${lines.join('\n')}\n`;

const put = (platform: string, body: unknown, token = ana) =>
  h.request('PUT', `/api/me/cookies/${platform}`, { token, body });
const list = async (token = ana) =>
  (await h.request('GET', '/api/me/cookies', { token })).body as {
    platforms: Array<Record<string, unknown>>;
  };
const stored = async () =>
  (
    await h.database
      .sql`select owner_id::text as owner, platform, sealed_cookies, cookie_count from member_cookies order by owner_id, platform`
  ).map((r) => ({ ...r }));

beforeAll(async () => {
  h = await startHarness();
  anaId = (await h.createUser('ana-kue', 'ana-kue-password', 'user')).id;
  await h.createUser('budi-kue', 'budi-kue-password', 'user');
  ana = await h.login('ana-kue', 'ana-kue-password');
  budi = await h.login('budi-kue', 'budi-kue-password');
});
afterAll(async () => {
  await h?.close();
});

describe('PUT /api/me/cookies/:platform', () => {
  it('stores the cookies sealed: the column holds no cookie value, the list shows names only', async () => {
    const res = await put('tiktok', {
      cookies: file(
        line('.tiktok.com', 'sessionid', 'rahasia-ana-1'),
        line('#HttpOnly_www.tiktok.com', 'tt_csrf', 'csrf-ana', 1_800_000_000),
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      platform: 'tiktok',
      count: 2,
      earliestExpiry: new Date(1_800_000_000_000).toISOString(),
      lastFailedAt: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('rahasia-ana-1');
    expect(res.body.preview).toContain('sessionid=…');

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ owner: anaId, platform: 'tiktok', cookie_count: 2 });
    expect(String(rows[0]?.sealed_cookies)).not.toContain('rahasia-ana-1');
    expect(createSecretBox(h.env.secretsKey).open(String(rows[0]?.sealed_cookies))).toContain(
      'rahasia-ana-1',
    );

    const shown = await list();
    expect(shown.platforms.map((p) => p.platform)).toEqual(['tiktok']);
    expect(JSON.stringify(shown)).not.toContain('rahasia-ana-1');
  });

  it('replaces the platform on the next sync, and YouTube takes google.com cookies too', async () => {
    const first = (await list()).platforms[0]?.lastSyncedAt as string;
    const res = await put('tiktok', {
      cookies: file(line('.tiktok.com', 'sessionid', 'rahasia-ana-2')),
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(Date.parse(res.body.lastSyncedAt)).toBeGreaterThanOrEqual(Date.parse(first));
    const opened = createSecretBox(h.env.secretsKey).open(
      String((await stored())[0]?.sealed_cookies),
    );
    expect(opened).toContain('rahasia-ana-2');
    expect(opened).not.toContain('rahasia-ana-1');

    expect(
      (
        await put('youtube', {
          cookies: file(line('.youtube.com', 'SID', 'y'), line('.google.com', 'SAPISID', 'g')),
        })
      ).status,
    ).toBe(200);
    expect((await list()).platforms.map((p) => p.platform)).toEqual(['tiktok', 'youtube']);
  });

  it('refuses bad input with a 400 (413 when too big) and changes nothing', async () => {
    const before = await stored();
    const cases: Array<[unknown, number, RegExp]> = [
      [
        { cookies: file(line('.facebook.com', 'c_user', '1')) },
        400,
        /Baris 2: domain \.facebook\.com bukan milik tiktok/,
      ],
      [{ cookies: file(line('.evil-tiktok.com', 'sessionid', '1')) }, 400, /bukan milik tiktok/],
      [{ cookies: 'sessionid=abc; tt=1' }, 400, /Baris 1 bukan baris cookie Netscape/],
      [
        { cookies: file(line('.tiktok.com', 'ok', '1'), '.tiktok.com TRUE / TRUE 0 c 1') },
        400,
        /Baris 3 bukan baris cookie Netscape/,
      ],
      [{ cookies: '# Netscape HTTP Cookie File\n' }, 400, /Tidak ada cookie tiktok/],
      [{ cookies: 5 }, 400, /cookies/],
      [{ cookies: file(line('.tiktok.com', 'a', '1')), extra: true }, 400, /extra/],
      [
        {
          cookies: file(
            ...Array.from({ length: 5000 }, (_, i) => line('.tiktok.com', `c${i}`, 'x'.repeat(50))),
          ),
        },
        413,
        /maksimal 256 KB/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await put('tiktok', body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('an unknown platform is a 400; no token is a 401', async () => {
    const cookies = file(line('.tiktok.com', 'a', '1'));
    const unknown = await put('myspace', { cookies });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/platform/);
    expect((await h.request('PUT', '/api/me/cookies/tiktok', { body: { cookies } })).status).toBe(
      401,
    );
    expect((await h.request('GET', '/api/me/cookies')).status).toBe(401);
    expect((await h.request('DELETE', '/api/me/cookies/tiktok')).status).toBe(401);
    expect((await h.request('GET', '/api/extension/package')).status).toBe(401);
  });
});

describe("one member's cookies are theirs", () => {
  it('another member neither sees nor replaces nor deletes them', async () => {
    const before = await stored();
    expect((await list(budi)).platforms).toEqual([]);
    expect((await h.request('DELETE', '/api/me/cookies/tiktok', { token: budi })).body).toEqual({
      deleted: false,
    });
    expect(await stored()).toEqual(before);
    // Budi's own tiktok cookies are a row of his own; Ana's stay.
    expect(
      (await put('tiktok', { cookies: file(line('.tiktok.com', 'sessionid', 'milik-budi')) }, budi))
        .status,
    ).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.filter((r) => r.owner === anaId)).toEqual(before);
    expect((await list(budi)).platforms.map((p) => p.platform)).toEqual(['tiktok']);
  });

  it("DELETE forgets the caller's platform only", async () => {
    expect((await h.request('DELETE', '/api/me/cookies/youtube', { token: ana })).body).toEqual({
      deleted: true,
    });
    expect((await list()).platforms.map((p) => p.platform)).toEqual(['tiktok']);
    expect((await list(budi)).platforms.map((p) => p.platform)).toEqual(['tiktok']);
  });
});

describe('GET /api/extension/package', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'scrapper-extension-dist-'));
    mkdirSync(join(dist, 'icons'));
    writeFileSync(
      join(dist, 'manifest.json'),
      JSON.stringify({
        manifest_version: 3,
        version: '1.2.3',
        content_scripts: [{ matches: ['http://localhost:3000/*'] }],
      }),
    );
    writeFileSync(join(dist, 'popup.html'), '<!doctype html><title>Scrapper</title>');
    writeFileSync(join(dist, 'icons', 'a.txt'), 'ikon');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('zips the built extension, connected to PUBLIC_BASE_URL only', async () => {
    const zip = await extensionPackage(
      { publicBaseUrl: 'https://scrapper.example:8443/app', host: '0.0.0.0', port: 3000 },
      dist,
    );
    const entries = readZipEntries(zip.body);
    expect(entries.map((e) => e.name)).toEqual([
      'scrapper-extension/icons/a.txt',
      'scrapper-extension/manifest.json',
      'scrapper-extension/popup.html',
    ]);
    const manifest = JSON.parse(
      String(entries.find((e) => e.name.endsWith('manifest.json'))?.data),
    );
    expect(manifest.version).toBe('1.2.3');
    expect(manifest.content_scripts[0].matches).toEqual(['https://scrapper.example:8443/*']);
    expect(manifest.host_permissions).toContain('https://scrapper.example:8443/*');
    expect(manifest.host_permissions.filter((p: string) => !p.startsWith('*://*.'))).toEqual([
      'https://scrapper.example:8443/*',
    ]);
    expect(manifest.permissions).toEqual(['cookies', 'storage', 'alarms']);
  });

  it('on loopback without PUBLIC_BASE_URL: the local addresses; a wildcard listen address without it is a 409', async () => {
    const local = readZipEntries(
      (await extensionPackage({ publicBaseUrl: undefined, host: '127.0.0.1', port: 3310 }, dist))
        .body,
    );
    const manifest = JSON.parse(String(local.find((e) => e.name.endsWith('manifest.json'))?.data));
    expect(manifest.content_scripts[0].matches).toEqual([
      'http://localhost:3310/*',
      'http://127.0.0.1:3310/*',
    ]);
    await expect(
      extensionPackage({ publicBaseUrl: undefined, host: '0.0.0.0', port: 3000 }, dist),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      extensionPackage(
        { publicBaseUrl: 'https://x.example', host: '0.0.0.0', port: 3000 },
        join(dist, 'nope'),
      ),
    ).rejects.toMatchObject({ statusCode: 503 });
  });

  it('any signed-in member downloads it over HTTP', async () => {
    const res = await fetch(`${h.baseUrl}/api/extension/package`, {
      headers: { authorization: `Bearer ${ana}` },
    });
    // The repo's own build, when present; a 503 naming the build command when not.
    if (!existsSync(join(DEFAULT_EXTENSION_DIST, 'manifest.json'))) {
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toContain(
        '@scrapper/extension build',
      );
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const names = readZipEntries(Buffer.from(await res.arrayBuffer())).map((e) => e.name);
    expect(names).toContain('scrapper-extension/manifest.json');
  });
});
