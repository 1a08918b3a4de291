// The companion browser extension (issue 17) in a real Chromium: the zip a member downloads from
// GET /api/extension/package, loaded unpacked, connected to this Scrapper. Logging in hands it
// a token of its own (scope `cookies`, never the session); the platform cookies the member
// switched on arrive through the API, sealed in the database, replaced on the next sync; logging
// out makes it forget the token; a page on another origin posting the same messages gets
// nothing; revoking the token on the Ekstensi page cuts the browser off until Scrapper is opened
// there again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { readZipEntries } from '@scrapper/testkit/zip-entries';
import { openE2eDatabase, type E2eDatabase } from './support/e2e-database.ts';
import { BASE_URL, E2E_PORT, MEMBER } from './support/env.ts';
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

interface MemberCookies {
  platform: string;
  preview: string;
  count: number;
  lastSyncedAt: string;
}

let dir: string;
let context: BrowserContext;
let serviceWorker: Worker;
let extensionId: string;
let db: E2eDatabase;
let memberId: string;
/** The other origin: a plain page server that records every request it gets. */
let other: Server;
let otherOrigin: string;
const otherRequests: string[] = [];

test.describe.configure({ mode: 'serial' });

const tiktokCookie = (name: string, value: string) => ({
  name,
  value,
  domain: '.tiktok.com',
  path: '/',
  secure: true,
  httpOnly: true,
  sameSite: 'Lax' as const,
  expires: Math.floor(Date.now() / 1000) + 24 * 3600,
});

/** The chrome.* calls made inside the extension's service worker. */
interface ChromeApi {
  storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
  runtime: { getManifest(): { content_scripts?: Array<{ matches?: string[] }> } };
}

async function extensionStorage(): Promise<Record<string, unknown>> {
  return serviceWorker.evaluate(() =>
    (globalThis as unknown as { chrome: ChromeApi }).chrome.storage.local.get(null),
  );
}

async function extensionSession(): Promise<{ token: string; username: string; origin: string }> {
  await expect.poll(async () => (await extensionStorage()).session, { timeout: 15_000 }).toBeTruthy();
  return (await extensionStorage()).session as { token: string; username: string; origin: string };
}

/** Logs the member in through the form in the extension's browser. */
async function loginInApp(): Promise<Page> {
  const app = await context.newPage();
  await app.goto(`${BASE_URL}/#/login`);
  await app.getByLabel('Username').fill(MEMBER.username);
  await app.getByRole('textbox', { name: 'Password', exact: true }).fill(MEMBER.password);
  await app.getByRole('button', { name: 'Login' }).click();
  await expect(app).not.toHaveURL(/#\/login$/);
  return app;
}

async function appSession(app: Page): Promise<string | null> {
  return app.evaluate(() => window.localStorage.getItem('token'));
}

async function openPopup(): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Sinkron cookie Scrapper' })).toBeVisible();
  return popup;
}

test.beforeAll(async ({ memberApi }) => {
  const me = await memberApi.get('/api/auth/me');
  memberId = ((await me.json()) as { user: { id: string } }).user.id;
  db = await openE2eDatabase(memberId);
  await db.sql.unsafe('delete from member_cookies where owner_id = $1', [memberId]);

  // The zip as a member downloads it, unpacked as the install steps say.
  const zip = await memberApi.get('/api/extension/package');
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  dir = mkdtempSync(join(tmpdir(), 'scrapper-e2e-extension-'));
  for (const entry of readZipEntries(await zip.body())) {
    const path = join(dir, entry.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, entry.data ?? Buffer.alloc(0));
  }
  const unpacked = join(dir, 'scrapper-extension');

  other = createServer((req, res) => {
    otherRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="id"><title>Situs lain</title><p>Situs lain</p></html>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const address = other.address();
  otherOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    locale: 'id-ID',
    colorScheme: 'dark',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      `--disable-extensions-except=${unpacked}`,
      `--load-extension=${unpacked}`,
    ],
  });
  serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(serviceWorker.url()).host;
});

test.afterAll(async () => {
  await context?.close();
  // Not started when beforeAll failed early: a close() never called would hang the hook.
  if (other) await new Promise((resolve) => other.close(resolve));
  await db?.sql.unsafe('delete from member_cookies where owner_id = $1', [memberId]);
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line no-empty-pattern -- no fixture but testInfo
test('the downloaded extension is connected to this Scrapper only, all platforms off; the popup is accessible', async ({}, testInfo) => {
  const manifest = await serviceWorker.evaluate(() =>
    (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.getManifest(),
  );
  expect(manifest.content_scripts?.[0]?.matches).toEqual([
    `http://localhost:${E2E_PORT}/*`,
    `http://127.0.0.1:${E2E_PORT}/*`,
  ]);
  const popup = await openPopup();
  await expect(popup.getByText(`http://localhost:${E2E_PORT}, http://127.0.0.1:${E2E_PORT}`)).toBeVisible();
  await expect(popup.getByText('belum masuk')).toBeVisible();
  for (const name of ['TikTok', 'Douyin', 'YouTube', 'Instagram', 'Facebook']) {
    await expect(popup.getByRole('switch', { name })).not.toBeChecked();
  }
  for (const size of [DESKTOP, PHONE]) {
    await popup.setViewportSize(size);
    await expectNoSeriousA11yViolations(popup);
    await saveScreenshot(popup, testInfo, 'extension-popup');
  }
  await popup.close();
});

test('after login the switched-on platform’s cookies arrive through the API, sealed; the next sync replaces them', async ({
  memberApi,
}) => {
  await context.addCookies([
    tiktokCookie('sessionid', 'e2e-rahasia-satu'),
    { ...tiktokCookie('c_user', 'facebook-lain'), domain: '.facebook.com' },
  ]);
  const popup = await openPopup();
  await popup.getByRole('switch', { name: 'TikTok' }).check();
  await expect.poll(async () => (await extensionStorage()).enabled).toEqual({ tiktok: true });

  // Logging in through the form: the web app makes the extension a token of its own (never the
  // session) and hands it over, then asks for a sync.
  const app = await loginInApp();
  const session = await appSession(app);
  const stored = await extensionSession();
  expect(stored).toMatchObject({ username: MEMBER.username, origin: BASE_URL });
  expect(stored.token).toMatch(/^scr_/);
  expect(stored.token).not.toBe(session);
  const [scoped] = await db.sql.unsafe(
    "select scope, name from api_tokens where owner_id = $1 and revoked_at is null and starts_with($2, prefix)",
    [memberId, stored.token],
  );
  expect(scoped).toEqual({ scope: 'cookies', name: 'Ekstensi browser' });
  // What the extension holds reaches the cookie routes only.
  expect((await memberApi.fetch(`${BASE_URL}/api/auth/me`, { headers: { Authorization: `Bearer ${stored.token}` } })).status()).toBe(403);

  const listed = async () =>
    ((await (await memberApi.get('/api/me/cookies')).json()) as { platforms: MemberCookies[] })
      .platforms;
  await expect
    .poll(async () => (await listed()).map((p) => p.platform), { timeout: 15_000 })
    .toEqual(['tiktok']);
  const [first] = await listed();
  expect(first).toMatchObject({ count: 1 });
  expect(first?.preview).toContain('sessionid=…');
  expect(JSON.stringify(first)).not.toContain('e2e-rahasia-satu');
  const [row] = await db.sql.unsafe(
    'select sealed_cookies from member_cookies where owner_id = $1',
    [memberId],
  );
  expect(String(row?.sealed_cookies)).not.toContain('e2e-rahasia-satu');
  expect(String(row?.sealed_cookies)).not.toContain('sessionid');

  // The popup shows who and when.
  await popup.reload();
  await expect(popup.getByText(MEMBER.username, { exact: true })).toBeVisible();
  await expect(popup.locator('#status-tiktok')).toHaveText(/^Terakhir: /);

  // New cookies in the browser; "Sinkronkan sekarang" replaces the stored ones.
  await context.clearCookies({ name: 'sessionid' });
  await context.addCookies([
    tiktokCookie('sid_tt', 'e2e-rahasia-dua'),
    tiktokCookie('tt_webid', 'e2e-rahasia-tiga'),
  ]);
  await popup.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
  await expect.poll(async () => (await listed())[0]?.count).toBe(2);
  const [second] = await listed();
  expect(second?.preview).toContain('sid_tt=…');
  expect(second?.preview).not.toContain('sessionid');
  expect(Date.parse(second?.lastSyncedAt ?? '')).toBeGreaterThan(
    Date.parse(first?.lastSyncedAt ?? ''),
  );
  const [after] = await db.sql.unsafe(
    'select sealed_cookies, cookie_count from member_cookies where owner_id = $1',
    [memberId],
  );
  expect(after?.cookie_count).toBe(2);
  expect(after?.sealed_cookies).not.toBe(row?.sealed_cookies);
  expect(String(after?.sealed_cookies)).not.toContain('e2e-rahasia-dua');
  await popup.close();

  // Logging out: the extension forgets the token, and a sync sends nothing.
  await app
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: 'Keluar' })
    .click();
  await expect(app).toHaveURL(/#\/login$/);
  await expect.poll(async () => 'session' in (await extensionStorage())).toBe(false);
  const again = await openPopup();
  await again.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'Belum terhubung: masuk ke Scrapper di tab browser ini dulu.',
  );
  expect((await listed())[0]?.lastSyncedAt).toBe(second?.lastSyncedAt);
  await again.close();
  await app.close();
});

test('a page on another origin posting the same messages gets nothing; the same messages on Scrapper work', async ({
  tokens,
  memberApi,
}) => {
  const before = (
    (await (await memberApi.get('/api/me/cookies')).json()) as { platforms: MemberCookies[] }
  ).platforms[0]?.lastSyncedAt;
  // A real extension token of the member, as the web app would make it.
  const minted = await memberApi.post('/api/me/extension-token');
  expect(minted.status()).toBe(201);
  const extensionToken = ((await minted.json()) as { secret: string }).secret;
  const post = (page: Page, token: string) =>
    page.evaluate((t) => {
      window.postMessage(
        { source: 'scrapper-web', version: 2, type: 'SCRAPPER_AUTH_TOKEN', token: t, username: 'tamu' },
        window.location.origin,
      );
      window.postMessage(
        { source: 'scrapper-web', version: 2, type: 'SCRAPPER_COOKIE_SYNC_REQUEST' },
        window.location.origin,
      );
    }, token);

  const foreign = await context.newPage();
  await foreign.goto(`${otherOrigin}/`);
  await post(foreign, extensionToken);
  // The session itself (a JWT) is never taken, even from the Scrapper page.
  const scrapperPage = await context.newPage();
  await scrapperPage.goto(`${BASE_URL}/#/login`);
  await post(scrapperPage, tokens.member);
  await scrapperPage.close();

  // The control: the very same messages on the connected Scrapper page are taken. By the time
  // its sync has arrived, the foreign page's messages (posted first) had their chance.
  const app = await context.newPage();
  await app.goto(`${BASE_URL}/#/login`);
  await post(app, extensionToken);
  await expect
    .poll(
      async () =>
        ((await (await memberApi.get('/api/me/cookies')).json()) as { platforms: MemberCookies[] })
          .platforms[0]?.lastSyncedAt,
      { timeout: 15_000 },
    )
    .not.toBe(before);
  expect((await extensionStorage()).session).toEqual({ token: extensionToken, username: 'tamu', origin: BASE_URL });
  // The other origin got its page and nothing else: no token, no cookies.
  // (The browser's own favicon request aside.)
  expect(otherRequests.filter((r) => r !== 'GET /favicon.ico')).toEqual(['GET /']);
  await foreign.close();
  await app.close();
});

// eslint-disable-next-line no-empty-pattern -- no fixture but testInfo
test('the Ekstensi page lists the extension’s token; revoking it cuts the browser off until Scrapper is opened there again', async ({}, testInfo) => {
  // The previous test left the extension holding a token handed over by hand ('tamu'); a login
  // through the form replaces it with the member's own.
  const app = await loginInApp();
  await expect.poll(async () => (await extensionSession()).username).toBe(MEMBER.username);
  const held = (await extensionSession()).token;
  await app.goto(`${BASE_URL}/#/extension`);
  const access = app.getByRole('region', { name: 'Akses ekstensi' });
  await expect(access).toContainText('bukan sesi login Anda');
  const [row] = (await db.sql.unsafe(
    'select prefix from api_tokens where owner_id = $1 and revoked_at is null and starts_with($2, prefix)',
    [memberId, held],
  )) as unknown as Array<{ prefix: string }>;
  const prefix = row?.prefix ?? 'tidak-ada';
  const item = access.getByRole('listitem').filter({ hasText: `${prefix}…` });
  await expect(item).toContainText('cookies');
  for (const size of [DESKTOP, PHONE]) {
    await app.setViewportSize(size);
    await expectNoSeriousA11yViolations(app);
    await saveScreenshot(app, testInfo, 'extension-access');
  }
  await item.getByRole('button', { name: 'Cabut token Ekstensi browser' }).click();
  await app.getByRole('alertdialog', { name: 'Cabut akses ekstensi' }).getByRole('button', { name: 'Cabut' }).click();
  await expect(item).toHaveCount(0);

  // The extension's next sync is refused: it forgets the token and says what to do.
  const popup = await openPopup();
  await popup.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'Token ekstensi dicabut atau kedaluwarsa: buka Scrapper di browser ini dan masuk lagi.',
  );
  expect('session' in (await extensionStorage())).toBe(false);

  // Opening Scrapper again in this browser (a restored session, no new login) connects it anew.
  await app.reload();
  const renewed = await extensionSession();
  expect(renewed.token).toMatch(/^scr_/);
  expect(renewed.token).not.toBe(held);
  await popup.close();
  await app.close();
});
