import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { linkTitle } from '@scrapper/contracts/rules/readable-file-name';
import { BASE_URL, E2E_META_PAGE, E2E_SPEC_MEDIA_PORT } from './support/env.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

// Publishing everywhere (issue 33) on the real product: the admin registers a TikTok app in the
// client-secret tab and a Meta app on the Facebook tab; the member connects TikTok and Meta
// through the fakes' consent pages in real popups (a YouTube channel through the fake Google),
// and publishes one file from the File Manager to TikTok (inbox draft), Instagram Reels,
// Facebook Reels and YouTube in one post: the real worker sends each target to its fake, and
// the statuses and links come back on the page.

test.describe.configure({ mode: 'serial' });

const TIKTOK_APP = {
  name: 'TikTok E2E',
  key: 'e2e-tiktok-client-key',
  secret: 'e2e-tiktok-secret-9a1b',
};
const META_APP = { name: 'Meta E2E', id: '100200300400500', secret: 'e2e-meta-app-secret-77aa' };
const GOOGLE_APP = {
  name: 'Google Publikasi E2E',
  clientId: 'e2e-publish-0001.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-e2e-publish-secret',
};
/**
 * The file: a 4-second 720x1280 30 fps H.264/AAC clip (the testkit's clips are 320x180 at
 * 15 fps, which TikTok and Facebook Reels refuse), served on the spec media port and downloaded
 * by its link, so it is in the member's File Manager.
 */
const CLIP = 'klip-vertikal';
const CLIP_URL = `http://127.0.0.1:${E2E_SPEC_MEDIA_PORT}/${CLIP}.mp4`;
/** What the product names a download by link: its address, as `linkTitle` writes it. */
const CLIP_TITLE = linkTitle(CLIP_URL);
let clipDir = '';
let clipServer: Server | undefined;

test.beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'scrapper-e2e-publish-'));
  const clipPath = join(clipDir, `${CLIP}.mp4`);
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=4'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
      ],
      ...['-movflags', '+faststart', clipPath],
    ],
    { stdio: 'pipe' },
  );
  clipServer = createServer((request, response) => {
    if (request.url !== `/${CLIP}.mp4`) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'video/mp4',
      'Content-Length': statSync(clipPath).size,
    });
    createReadStream(clipPath).pipe(response);
  });
  await new Promise<void>((resolve) =>
    clipServer?.listen(E2E_SPEC_MEDIA_PORT, '127.0.0.1', resolve),
  );
});

test.afterAll(async () => {
  await new Promise<void>((resolve) =>
    clipServer ? clipServer.close(() => resolve()) : resolve(),
  );
  if (clipDir) rmSync(clipDir, { recursive: true, force: true });
});
/** The fake TikTok's default creator and the fake Google's default channel. */
const TIKTOK_CREATOR = 'fake.creator';
const CHANNEL = 'Fake Channel';

function destinations(page: Page): Locator {
  return page.getByRole('list', { name: 'Akun tujuan terhubung' });
}

async function connectThroughPopup(page: Page, button: string, callbackPath: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  const popupClosed = popup.waitForEvent('close', { timeout: 20_000 });
  // The fake's consent page, as the platform's: nothing happens until "Allow".
  await popup.locator('#consent-allow').click();
  await popup.waitForURL(`${BASE_URL}${callbackPath}?**`, { waitUntil: 'commit' });
  await popupClosed;
}

/** A YouTube channel for the member, through the fake Google's consent without a popup. */
async function connectYouTube(adminApi: APIRequestContext, memberApi: APIRequestContext) {
  const existing = (await (await memberApi.get('/api/youtube/accounts')).json()) as unknown[];
  if (existing.length > 0) return;
  const created = await adminApi.post('/api/admin/client-secrets', { data: GOOGLE_APP });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const start = await memberApi.get(`/api/youtube/auth/url?clientSecretId=${id}`);
  const { authUrl } = (await start.json()) as { authUrl: string };
  const consentPage = await (await memberApi.get(authUrl)).text();
  const consentId = /name="consent" value="([^"]+)"/.exec(consentPage)?.[1] ?? '';
  const approved = await memberApi.post(new URL('/o/oauth2/approve', authUrl).toString(), {
    form: { consent: consentId, decision: 'allow' },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(302);
  expect((await memberApi.get(approved.headers().location ?? '')).ok()).toBe(true);
}

/** The clip downloaded on the server by its link ("Unduh dari URL"), into the File Manager. */
async function downloadClip(memberApi: APIRequestContext) {
  const batch = await memberApi.post('/api/media/batches', {
    data: { urls: [CLIP_URL], quality: 'best' },
  });
  expect(batch.ok()).toBe(true);
  const { id: batchId } = (await batch.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (await memberApi.get(`/api/media/batches/${batchId}`)).json()) as {
            completed: number;
          }
        ).completed,
      { timeout: 60_000 },
    )
    .toBe(1);
}

test.describe('the admin registers the TikTok and Meta apps', () => {
  test.use({ loginAs: 'admin' });

  test('a TikTok app in the client-secret tab, with its own field names and no quota', async ({
    page,
    adminApi,
  }, testInfo) => {
    // A retry finds the first attempt's apps.
    const stored = (await (await adminApi.get('/api/admin/client-secrets')).json()) as {
      id: string;
      name: string;
    }[];
    for (const { id, name } of stored) {
      if (name === TIKTOK_APP.name || name === META_APP.name)
        await adminApi.delete(`/api/admin/client-secrets/${id}`);
    }
    await page.goto('/#/admin?tab=client-secrets');
    const form = page.getByRole('region', { name: 'Tambah Client Secret' });
    await form.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'TikTok' });
    await expect(form.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
      `${BASE_URL}/api/publish/tiktok/auth/callback`,
    );
    await expect(form.getByRole('spinbutton')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Nama' }).fill(TIKTOK_APP.name);
    await form.getByRole('textbox', { name: 'Client key' }).fill(TIKTOK_APP.key);
    await form.getByRole('textbox', { name: 'Client secret', exact: true }).fill(TIKTOK_APP.secret);
    await form.getByRole('button', { name: 'Tambah Client Secret' }).click();
    const entry = page
      .getByRole('region', { name: 'Daftar Client Secret' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: TIKTOK_APP.name }) });
    await expect(entry).toContainText('TikTok');
    await expect(entry).toContainText(TIKTOK_APP.key);
    await expect(entry.getByRole('progressbar')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'publish-admin-client-secret-tiktok');
    }
  });

  test("the Facebook tab is the Meta app's page: credentials, the two URLs, connected Pages", async ({
    page,
  }, testInfo) => {
    await page.goto('/#/admin?tab=facebook');
    const panel = page.getByRole('tabpanel');
    const urls = panel.getByRole('region', { name: 'Alamat untuk dashboard Meta' });
    await expect(urls).toContainText(`${BASE_URL}/api/publish/meta/auth/callback`);
    await expect(urls).toContainText(`${BASE_URL}/api/publish/meta/data-deletion`);
    await expect(urls.getByRole('button', { name: /^Salin/ })).toHaveCount(2);
    const form = panel.getByRole('region', { name: 'Tambah Client Secret' });
    await expect(form.getByRole('combobox', { name: 'Platform' })).toHaveValue('meta');
    await form.getByRole('textbox', { name: 'Nama' }).fill(META_APP.name);
    await form.getByRole('textbox', { name: 'App ID' }).fill(META_APP.id);
    await form.getByRole('textbox', { name: 'App secret', exact: true }).fill(META_APP.secret);
    await form.getByRole('button', { name: 'Tambah Client Secret' }).click();
    const list = panel.getByRole('region', { name: 'Kredensial aplikasi Meta' });
    await expect(list.getByRole('heading', { name: META_APP.name })).toBeVisible();
    // Only Meta's apps here.
    await expect(list.getByRole('heading', { name: TIKTOK_APP.name })).toHaveCount(0);
    await expect(panel.getByRole('region', { name: 'Page terhubung' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'publish-admin-meta');
    }
  });
});

test.describe('the member publishes one file everywhere', () => {
  test.use({ loginAs: 'member' });

  test('connects TikTok and Meta through their consent popups', async ({
    page,
    adminApi,
    memberApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    await connectYouTube(adminApi, memberApi);
    await page.goto('/#/publish');
    await expect(page.getByRole('heading', { name: 'Publikasikan', level: 1 })).toBeVisible();

    await connectThroughPopup(page, 'Hubungkan TikTok', '/api/publish/tiktok/auth/callback');
    await expect(destinations(page)).toContainText(`@${TIKTOK_CREATOR}`);
    await connectThroughPopup(page, 'Hubungkan Meta', '/api/publish/meta/auth/callback');
    await expect(destinations(page)).toContainText(`Instagram Reels · @${E2E_META_PAGE.instagram}`);
    await expect(destinations(page)).toContainText(E2E_META_PAGE.page);
    await expect(destinations(page)).toContainText(CHANNEL);

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'publish-connections');
    }
  });

  test("publishes the File Manager's file to TikTok, Instagram, Facebook and YouTube in one post", async ({
    page,
    memberApi,
  }, testInfo) => {
    test.setTimeout(240_000);
    await downloadClip(memberApi);
    await page.goto('/#/files');
    // Newest first: this test's download.
    await page
      .getByRole('link', { name: `Publikasikan: ${CLIP_TITLE}` })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/publish\?file=[0-9a-f-]{36}$/);
    const composer = page.getByRole('region', { name: 'Buat posting' });
    await expect(
      composer.getByRole('combobox', { name: /^File/ }).locator('option:checked'),
    ).toContainText(CLIP_TITLE);

    await composer.getByRole('checkbox', { name: /^TikTok: / }).check();
    // TikTok's guidelines: the creator's nickname, inbox draft by default, no privacy chosen.
    await expect(composer.getByText(/Kreator: /)).toBeVisible();
    await expect(composer.getByRole('radio', { name: /Draf ke kotak masuk TikTok/ })).toBeChecked();
    await expect(composer.getByRole('combobox', { name: /Siapa yang bisa menonton/ })).toHaveValue(
      '',
    );
    await expect(composer.getByText(/Music Usage Confirmation/)).toBeVisible();
    await composer.getByRole('checkbox', { name: /^Instagram Reels: / }).check();
    // Instagram's budget is Meta's own content_publishing_limit, read when it is chosen.
    await expect(
      composer.getByText(/^Sisa publikasi 24 jam ini menurut Instagram: \d+ dari 50\.$/),
    ).toBeVisible();
    await composer.getByRole('checkbox', { name: `Facebook Reels: ${E2E_META_PAGE.page}` }).check();
    await composer.getByRole('checkbox', { name: `YouTube: ${CHANNEL}` }).check();
    await composer
      .getByRole('textbox', { name: /^Caption/ })
      .fill('Klip vertikal dari Scrapper #e2e');
    await composer.getByRole('textbox', { name: /^Judul YouTube/ }).fill(CLIP);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'publish-composer');
    }
    await page.setViewportSize(DESKTOP);
    await composer.getByRole('button', { name: 'Publikasikan' }).click();

    const post = page.getByRole('list', { name: 'Posting terakhir' }).getByRole('listitem').first();
    const targets = post.getByRole('list').first();
    await expect(targets.getByRole('listitem')).toHaveCount(4);
    const row = (platform: string) => targets.getByRole('listitem').filter({ hasText: platform });
    await expect(row('TikTok').getByText('Terkirim ke kotak masuk TikTok')).toBeVisible({
      timeout: 120_000,
    });
    await expect(row('Instagram Reels').getByText('Terbit', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    await expect(row('Facebook Reels').getByText('Terbit', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    await expect(row('YouTube').getByText('Terbit', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    for (const platform of ['Instagram Reels', 'Facebook Reels', 'YouTube']) {
      await expect(
        row(platform).getByRole('link', { name: new RegExp(`^Buka di ${platform}`) }),
      ).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await post.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'publish-posts');
    }
  });
});
