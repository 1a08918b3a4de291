import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ensureActiveApifyKey } from './support/admin-api.ts';
import { BASE_URL, UNAUDITED_GOOGLE_CLIENT_ID } from './support/env.ts';
import { APIFY_TOKENS, SCENARIO_WORDS } from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { scrapeKeyword } from './support/scrape-api.ts';

// YouTube publishing on the real product: the admin sets up a client secret and a Gemini key
// through the Admin page, the member connects a channel through the fake Google's consent page
// in a real popup, writes with Gemini, previews an effect and uploads (now and scheduled); the
// worker's real ffmpeg applies the effect and its real googleapis client uploads to the fake.

// One story: each step needs what the earlier ones set up; a retry redoes it all.
test.describe.configure({ mode: 'serial' });

const CLIENT = {
  name: 'Scrapper E2E',
  clientId: 'e2e-client-0001.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-e2e-client-secret-4f2a',
} as const;
/** The fake Google's default channel and its two playlists (testkit fake-google). */
const CHANNEL = 'Fake Channel';
const PLAYLISTS = ['Favorit', 'Shorts Harian'] as const;
const GEMINI_KEY = 'e2e-gemini-key-55555555';

const NOW_TITLE = 'Resep nasi goreng kampung';
const GENERATED_TITLE = `${NOW_TITLE} | Wajib Tonton!`;
const SCHEDULED_TITLE = 'Tutorial sambal matah terjadwal';
const SCHEDULE_TIME = '10:30';
const LOCKED_TITLE = 'Video proyek belum diaudit';

let videoDir = '';
let videoPath = '';

test.beforeAll(() => {
  // A real, small h264/aac clip: the preview and the worker run ffmpeg on it.
  videoDir = mkdtempSync(join(tmpdir(), 'scrapper-e2e-youtube-'));
  videoPath = join(videoDir, 'klip-e2e.mp4');
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...['-movflags', '+faststart', videoPath],
    ],
    { stdio: 'pipe' },
  );
});

test.afterAll(() => {
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

/** A date some days ahead, as the date input takes it, in Jakarta (the form's time zone). */
function jakartaDateInDays(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}
const SCHEDULE_DATE = jakartaDateInDays(3);
/** 10:30 WIB is 03:30 UTC the same day. */
const SCHEDULE_INSTANT = new Date(`${SCHEDULE_DATE}T${SCHEDULE_TIME}:00+07:00`).toISOString();

function accountPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Akun YouTube' });
}

/** "Sisa unggahan hari ini: N dari M · direset pukul HH.MM WIB" in the account panel. */
function quotaLine(page: Page): Locator {
  return accountPanel(page).getByText(/^Sisa unggahan hari ini:/);
}

function uploadForm(page: Page): Locator {
  return page.getByRole('region', { name: 'Upload Video' });
}

function historyItem(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: 'Daftar upload YouTube' })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** The value beside a term of a history item's details (Akun, Publikasi, ...). */
function detail(item: Locator, term: string): Locator {
  return item
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Controls of the form that stick out of their fieldset's content box (a long label that does
 * not wrap), and the page's own horizontal overflow.
 */
async function overflowingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const pageOverflow = document.documentElement.scrollWidth - window.innerWidth;
    if (pageOverflow > 0) found.push(`the page by ${pageOverflow}px`);
    for (const fieldset of document.querySelectorAll('main fieldset')) {
      const box = fieldset.getBoundingClientRect();
      const style = getComputedStyle(fieldset);
      const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      for (const control of fieldset.querySelectorAll('button, input, select, textarea')) {
        const over = control.getBoundingClientRect().right - right;
        if (over > 0.5) {
          const name = control.textContent?.trim() || control.getAttribute('name') || control.id;
          found.push(`${control.tagName.toLowerCase()} "${name}" by ${Math.round(over)}px`);
        }
      }
    }
    return found;
  });
}

async function openUploadPage(page: Page) {
  await page.goto('/#/youtube');
  await expect(page.getByRole('heading', { level: 1, name: 'YouTube Upload' })).toBeVisible();
}

test.describe('before any client secret', () => {
  test.use({ loginAs: 'member' });

  test("the member's page shows only the notice to add one in Admin", async ({
    page,
    adminApi,
    memberApi,
  }) => {
    // Stage: no client secret and no channel (a retry finds the first attempt's); deleting a
    // channel deletes its uploads too.
    const secrets = await adminApi.get('/api/admin/client-secrets');
    expect(secrets.ok()).toBe(true);
    for (const { id } of (await secrets.json()) as { id: string }[]) {
      expect((await adminApi.delete(`/api/admin/client-secrets/${id}`)).ok()).toBe(true);
    }
    const accounts = await memberApi.get('/api/youtube/accounts');
    expect(accounts.ok()).toBe(true);
    for (const { id } of (await accounts.json()) as { id: string }[]) {
      expect((await memberApi.delete(`/api/youtube/accounts/${id}`)).ok()).toBe(true);
    }

    await openUploadPage(page);
    const notice = page.getByRole('main').getByRole('status');
    await expect(notice).toContainText('Client secret belum tersedia');
    await expect(notice).toContainText(
      'Minta admin menambahkan client secret di halaman Admin (tab Client Secret)',
    );
    // Only the notice: no account panel, form or history, and the admin link is not for members.
    await expect(accountPanel(page)).toHaveCount(0);
    await expect(uploadForm(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Video Terjadwal & Riwayat' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Client Secret di Admin/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the admin sets up Google', () => {
  test.use({ loginAs: 'admin' });

  test('adds a client secret in the Client Secret tab and sees it listed, masked', async ({
    page,
  }, testInfo) => {
    await page.goto('/#/admin?tab=client-secrets');
    const form = page.getByRole('region', { name: 'Tambah Client Secret' });
    const list = page.getByRole('region', { name: 'Daftar Client Secret' });
    await expect(list).toContainText('Belum ada client secret.');

    // The redirect URI defaults to this backend's OAuth callback.
    await expect(form.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
      `${BASE_URL}/api/youtube/auth/callback`,
    );
    // Required fields are asked for before anything is sent.
    await form.getByRole('button', { name: 'Tambah Client Secret' }).click();
    await expect(form.getByRole('textbox', { name: 'Nama' })).toBeFocused();

    await form.getByRole('textbox', { name: 'Nama' }).fill(CLIENT.name);
    await form.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT.clientId);
    const secretInput = form.getByRole('textbox', { name: 'Client Secret', exact: true });
    await expect(secretInput).toHaveAttribute('type', 'password');
    await secretInput.fill(CLIENT.clientSecret);
    await expect(form.getByRole('checkbox', { name: /Aktif/ })).toBeChecked();
    // Google's 2026 quota: its own bucket for videos.insert beside the units for the rest.
    const uploads = form.getByRole('spinbutton', { name: 'Kuota unggahan harian (videos.insert)' });
    const units = form.getByRole('spinbutton', { name: 'Kuota unit harian' });
    await expect(uploads).toHaveValue('100');
    await expect(units).toHaveValue('10000');
    // Out of range: refused before anything is sent, in the server's words.
    await uploads.fill('0');
    await units.fill('100000001');
    await form.getByRole('button', { name: 'Tambah Client Secret' }).click();
    await expect(
      form.getByText(
        'Kuota unggahan harian (videos.insert) harus bilangan bulat dari 1 sampai 100.000.',
      ),
    ).toBeVisible();
    await expect(
      form.getByText('Kuota unit harian harus bilangan bulat dari 1 sampai 100.000.000.'),
    ).toBeVisible();
    await expect(uploads).toBeFocused();
    await expect(list).toContainText('Belum ada client secret.');
    await uploads.fill('100');
    await units.fill('10000');
    await form.getByRole('button', { name: 'Tambah Client Secret' }).click();

    const toasts = page.getByRole('region', { name: 'Pemberitahuan' });
    await expect(toasts).toContainText(`Client secret ${CLIENT.name} berhasil ditambahkan.`);
    // Out of the way of the list in the screenshots below.
    await toasts.getByRole('button', { name: 'Tutup notifikasi' }).click();
    await expect(toasts).toBeEmpty();
    const entry = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: CLIENT.name }) });
    await expect(entry).toContainText('Aktif');
    await expect(entry).toContainText(CLIENT.clientId);
    await expect(entry).toContainText(`${BASE_URL}/api/youtube/auth/callback`);
    // The secret shows as dots and its last four characters, never whole.
    await expect(entry).toContainText(`••••${CLIENT.clientSecret.slice(-4)}`);
    await expect(page.getByText(CLIENT.clientSecret)).toHaveCount(0);
    // Today's use of both buckets, and when Google resets them (midnight Pacific, in WIB).
    await expect(
      entry.getByRole('progressbar', { name: 'Unggahan hari ini (videos.insert): 0 / 100' }),
    ).toBeVisible();
    await expect(
      entry.getByRole('progressbar', { name: 'Unit hari ini: 0 / 10.000' }),
    ).toBeVisible();
    await expect(entry).toContainText(/Kuota direset pukul 1[45]\.00 WIB/);
    await expect(entry.getByRole('button', { name: `Edit ${CLIENT.name}` })).toBeVisible();
    await expect(entry.getByRole('button', { name: `Hapus ${CLIENT.name}` })).toBeVisible();
    // The add form is empty again.
    await expect(form.getByRole('textbox', { name: 'Nama' })).toHaveValue('');

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'admin-client-secrets');
    }
  });

  test('adds a Gemini key in the API Key tab and it becomes the active one', async ({ page }) => {
    await page.goto('/#/admin?tab=api-keys');
    const gemini = page
      .getByRole('region', { name: 'Manajemen API Key' })
      .getByRole('region', { name: 'Gemini' });
    const keys = gemini.getByRole('group', { name: /Kunci tersimpan/ });
    const option = keys.getByRole('radio', { name: new RegExp(`…${GEMINI_KEY.slice(-4)}`) });

    await expect(gemini.getByRole('button', { name: 'Tambah Kunci' })).toBeVisible();
    if ((await option.count()) === 0) {
      await gemini.getByLabel('Kunci API Gemini baru').fill(GEMINI_KEY);
      await gemini.getByRole('button', { name: 'Tambah Kunci' }).click();
      // Added keys are validated at once (issue 20): the toast says how that went.
      await expect(page.getByText(/^Kunci API berhasil ditambahkan/).last()).toBeVisible();
    }
    await expect(option).toBeChecked();
    await expect(keys).toContainText(`…${GEMINI_KEY.slice(-4)}`);
    await expect(keys).not.toContainText(GEMINI_KEY);

    // The admin-api-keys spec may have left another Gemini key active.
    const activate = gemini.getByRole('button', { name: 'Jadikan Aktif' });
    if (await activate.isEnabled()) await activate.click();
    await expect(option).toHaveAccessibleName(/Aktif/);
    await expect(activate).toBeDisabled();

    // The fake Gemini takes any key while none is registered with it.
    await gemini.getByRole('button', { name: 'Validasi' }).click();
    await expect(option).toHaveAccessibleName(/Valid.*Kunci API Gemini valid\./);
  });
});

test.describe('the member publishes', () => {
  test.use({ loginAs: 'member' });

  test('connects a channel through the Google consent popup; the playlists load', async ({
    page,
  }) => {
    await openUploadPage(page);
    const panel = accountPanel(page);
    const secretSelect = panel.getByRole('combobox', { name: 'Client secret' });
    const accountSelect = panel.getByRole('combobox', { name: 'Akun YouTube' });
    const playlistSelect = panel.getByRole('combobox', { name: 'Playlist' });

    // The only active client is chosen; no channel is connected yet.
    await expect(secretSelect.locator('option:checked')).toHaveText(CLIENT.name);
    await expect(accountSelect.locator('option:checked')).toHaveText('Belum ada akun terhubung');
    await expect(playlistSelect).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Hapus Akun' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    const popupOpened = page.waitForEvent('popup');
    await panel.getByRole('button', { name: 'Hubungkan Akun' }).click();
    const popup = await popupOpened;
    // The consent page and our callback page (with its own CSP) run without errors.
    const popupErrors: string[] = [];
    popup.on('console', (message) => {
      // The fake Google serves no favicon.
      if (message.location().url.endsWith('/favicon.ico')) return;
      if (message.type() === 'error') popupErrors.push(`${popup.url()}: ${message.text()}`);
    });
    popup.on('pageerror', (error) => popupErrors.push(`${popup.url()}: ${error.message}`));
    await expect(panel.getByText('Menunggu proses login Google di jendela popup...')).toBeVisible();
    // The fake Google's consent page, as Google's: nothing happens until "Allow".
    const popupClosed = popup.waitForEvent('close', { timeout: 20_000 });
    await popup.locator('#consent-allow').click();
    // Google sends it to our callback, which says so and closes the popup by itself.
    await popup.waitForURL(`${BASE_URL}/api/youtube/auth/callback?**`, { waitUntil: 'commit' });
    await popupClosed;
    expect(popupErrors).toEqual([]);

    await expect(accountSelect.locator('option:checked')).toHaveText(CHANNEL);
    await expect(panel.getByText('Status akun:')).toContainText('Aktif');
    await expect(playlistSelect).toBeEnabled();
    await expect(playlistSelect.locator('option')).toHaveText(['Tanpa playlist', ...PLAYLISTS]);
    // Issue 20: connecting picks no playlist; it stays empty until the member chooses one.
    await expect(playlistSelect.locator('option:checked')).toHaveText('Tanpa playlist');
    await page.reload();
    await expect(accountSelect.locator('option:checked')).toHaveText(CHANNEL);
    await expect(playlistSelect.locator('option')).toHaveText(['Tanpa playlist', ...PLAYLISTS]);
    await expect(playlistSelect.locator('option:checked')).toHaveText('Tanpa playlist');
    await expect(panel.getByText('Menunggu proses login Google di jendela popup...')).toBeHidden();
    // The client's uploads left today (connecting spent units, not uploads).
    await expect(quotaLine(page)).toHaveText(
      /^Sisa unggahan hari ini: 100 dari 100 · direset pukul 1[45]\.00 WIB$/,
    );

    // The chosen playlist is remembered across sessions.
    await playlistSelect.selectOption({ label: PLAYLISTS[1] });
    await page.reload();
    await expect(accountSelect.locator('option:checked')).toHaveText(CHANNEL);
    await expect(playlistSelect.locator('option:checked')).toHaveText(PLAYLISTS[1]);
  });

  test('Gemini writes the title, description and tags from the typed title', async ({ page }) => {
    await openUploadPage(page);
    const form = uploadForm(page);
    const title = form.getByRole('textbox', { name: 'Judul', exact: true });
    const generate = form.getByRole('button', { name: 'Generate dengan AI (Gemini)' });

    await generate.click();
    await expect(form.getByText('Judul video diperlukan untuk generate content!')).toBeVisible();

    await title.fill(NOW_TITLE);
    await generate.click();
    await expect(
      form.getByText('Konten berhasil di-generate menggunakan Gemini AI!', { exact: true }),
    ).toBeVisible();
    await expect(title).toHaveValue(GENERATED_TITLE);
    const description = form.getByRole('textbox', { name: 'Deskripsi' });
    await expect(description).toHaveValue(/^Saksikan video tentang Resep nasi goreng kampung\./);
    // The generated description ends with the spec's hashtags.
    await expect(description).toHaveValue(/#YouTube #Viral #Trending$/);
    await expect(form.getByRole('textbox', { name: 'Tag', exact: true })).toHaveValue(
      'resep, nasi, goreng, kampung, video, indonesia',
    );
  });

  test('the effect preview works for a video chosen from the computer', async ({ page }) => {
    test.setTimeout(60_000);
    await openUploadPage(page);
    const form = uploadForm(page);
    const preview = form.getByRole('button', { name: 'Preview Efek' });
    const effect = form.getByRole('combobox', { name: 'Efek video' });

    // Only with a directly uploaded video and an effect other than none.
    await expect(preview).toBeDisabled();
    await effect.selectOption('grayscale');
    await expect(preview).toBeDisabled();
    await expect(
      form.getByText('Preview efek hanya untuk video yang diunggah langsung.'),
    ).toBeVisible();
    await effect.selectOption('none');
    await form.getByLabel('File video').setInputFiles(videoPath);
    await expect(form.getByText('Video dipilih: klip-e2e.mp4')).toBeVisible();
    await expect(preview).toBeDisabled();
    await effect.selectOption('grayscale');
    await expect(preview).toBeEnabled();

    await preview.click();
    const video = form.getByLabel('Preview efek Hitam putih');
    await expect(video).toBeVisible({ timeout: 30_000 });
    // The server's rendering plays: the browser reads its length.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    // Another effect drops the preview of the old one.
    await effect.selectOption('sepia');
    await expect(video).toHaveCount(0);
  });

  test('uploads a video with an effect now; the form resets and the history shows it uploaded', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openUploadPage(page);
    const form = uploadForm(page);
    await expect(accountPanel(page).getByRole('combobox', { name: 'Akun YouTube' })).toHaveValue(
      /.+/,
    );

    await form.getByLabel('File video').setInputFiles(videoPath);
    await form.getByRole('textbox', { name: 'Judul', exact: true }).fill(NOW_TITLE);
    await form.getByRole('button', { name: 'Generate dengan AI (Gemini)' }).click();
    await expect(form.getByRole('textbox', { name: 'Judul', exact: true })).toHaveValue(
      GENERATED_TITLE,
    );
    await form.getByRole('combobox', { name: 'Efek video' }).selectOption('grayscale');
    await expect(form.getByRole('radio', { name: 'Upload sekarang' })).toBeChecked();
    await expect(
      form.getByRole('radio', { name: 'Tidak, video ini tidak ditujukan untuk anak-anak' }),
    ).toBeChecked();
    // Declared as realistic altered or synthetic content; the help text says what that means.
    const synthetic = form.getByRole('checkbox', { name: 'Konten sintetis/diubah' });
    await expect(synthetic).not.toBeChecked();
    await expect(synthetic).toHaveAccessibleDescription(/tampak nyata padahal diubah atau dibuat/);
    await synthetic.check();
    await expect(quotaLine(page)).toContainText('Sisa unggahan hari ini: 100 dari 100');

    // The page with everything filled in, before it is sent.
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'youtube');
    }
    // Down to 360px nothing runs past the page or out of its part of the form.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await overflowingControls(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await form.getByRole('button', { name: 'Upload ke YouTube' }).click();
    await expect(form.getByText('Video berhasil diupload!', { exact: true })).toBeVisible({
      timeout: 30_000,
    });

    // Everything is back to its default.
    await expect(form.getByRole('textbox', { name: 'Judul', exact: true })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Deskripsi' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Tag', exact: true })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: 'Kategori' })).toHaveValue('22');
    await expect(form.getByRole('combobox', { name: 'Privasi' })).toHaveValue('public');
    await expect(form.getByRole('combobox', { name: 'Efek video' })).toHaveValue('none');
    await expect(form.getByRole('radio', { name: 'Upload sekarang' })).toBeChecked();
    await expect(form.getByLabel('File video')).toHaveValue('');
    await expect(form.getByText(/Video dipilih:/)).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: 'Konten sintetis/diubah' })).not.toBeChecked();

    // The worker applies the effect and uploads to the fake YouTube.
    const item = historyItem(page, GENERATED_TITLE);
    await expect(item.getByText('Terupload', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(detail(item, 'Akun')).toHaveText(CHANNEL);
    await expect(detail(item, 'Publikasi')).toHaveText('Sekarang');
    const link = detail(item, 'Video YouTube').getByRole('link');
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/);
    const videoId = (await link.getAttribute('href'))?.split('v=')[1] ?? '';
    await expect(link).toContainText(videoId);
    await expect(detail(item, 'Konten sintetis/diubah')).toHaveText('Ya');
    await expect(detail(item, 'Privasi di YouTube')).toHaveText('Publik');
    await expect(item.locator('.yt-history-item__error')).toHaveCount(0);
    // One upload of the day's 100 is spent.
    await expect(quotaLine(page)).toContainText('Sisa unggahan hari ini: 99 dari 100');
  });

  test('schedules an upload; the history shows it scheduled with its publish time', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openUploadPage(page);
    const form = uploadForm(page);
    await expect(accountPanel(page).getByRole('combobox', { name: 'Akun YouTube' })).toHaveValue(
      /.+/,
    );

    await form.getByLabel('File video').setInputFiles(videoPath);
    await form.getByRole('textbox', { name: 'Judul', exact: true }).fill(SCHEDULED_TITLE);
    await form.getByRole('radio', { name: 'Jadwalkan' }).check();
    // Date and time are required when scheduling.
    await form.getByRole('button', { name: 'Upload ke YouTube' }).click();
    await expect(form.getByText(/Periksa kembali isian/)).toBeVisible();
    await expect(form.getByLabel('Tanggal jadwal')).toBeFocused();

    await form.getByLabel('Tanggal jadwal').fill(SCHEDULE_DATE);
    await form.getByLabel('Waktu jadwal (WIB)').fill(SCHEDULE_TIME);
    await form.getByRole('button', { name: 'Upload ke YouTube' }).click();
    await expect(form.getByText('Video berhasil diupload!', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(form.getByRole('radio', { name: 'Upload sekarang' })).toBeChecked();
    await expect(form.getByLabel('Tanggal jadwal')).toHaveCount(0);

    const item = historyItem(page, SCHEDULED_TITLE);
    await expect(item).toBeVisible();
    await expect(detail(item, 'Publikasi')).toHaveText('Terjadwal');
    await expect(detail(item, 'Akun')).toHaveText(CHANNEL);
    const when = detail(item, 'Waktu tayang').locator('time');
    await expect(when).toHaveAttribute('datetime', SCHEDULE_INSTANT);
    await expect(when).toContainText(/10[.:]30 WIB$/);
    // The worker uploads it at once, private with YouTube's publishAt (the fake checks both).
    await expect(item.getByText('Terupload', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(detail(item, 'Video YouTube').getByRole('link')).toBeVisible();
    // The history of the upload made before is still there, newest first.
    const titles = page
      .getByRole('list', { name: 'Daftar upload YouTube' })
      .locator('.yt-history-item__title');
    await expect(titles.first()).toHaveText(SCHEDULED_TITLE);
    await expect(titles).toHaveText([SCHEDULED_TITLE, GENERATED_TITLE]);
    // Private by design (a schedule): not marked as locked.
    await expect(detail(item, 'Privasi di YouTube')).toHaveText('Pribadi');
    await expect(item.locator('.yt-history-item__notice')).toHaveCount(0);
    await expect(quotaLine(page)).toContainText('Sisa unggahan hari ini: 98 dari 100');

    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'youtube-history');
    }
  });

  test('moves the scheduled upload, then cancels it after asking; the history says Dibatalkan', async ({
    page,
  }, testInfo) => {
    await openUploadPage(page);
    const item = historyItem(page, SCHEDULED_TITLE);
    await expect(item.getByText('Terupload', { exact: true })).toBeVisible({ timeout: 60_000 });

    // Ubah jadwal: a day later at 19:45 WIB, on YouTube too (videos.update on the fake).
    await item.getByRole('button', { name: `Ubah jadwal: ${SCHEDULED_TITLE}` }).click();
    const moveForm = item.getByRole('form', { name: `Ubah jadwal ${SCHEDULED_TITLE}` });
    await expect(moveForm.getByLabel('Tanggal baru (WIB)')).toHaveValue(SCHEDULE_DATE);
    await expect(moveForm.getByLabel('Waktu baru (WIB)')).toHaveValue(SCHEDULE_TIME);
    // A time in the past is refused in the server's words, and nothing moves.
    await moveForm.getByLabel('Tanggal baru (WIB)').fill(jakartaDateInDays(-1));
    await moveForm.getByRole('button', { name: 'Simpan jadwal' }).click();
    await expect(item.getByText(/Gagal mengubah jadwal: .*paling cepat 5 menit/)).toBeVisible();
    const when = detail(item, 'Waktu tayang').locator('time');
    await expect(when).toHaveAttribute('datetime', SCHEDULE_INSTANT);
    const movedDate = jakartaDateInDays(4);
    await moveForm.getByLabel('Tanggal baru (WIB)').fill(movedDate);
    await moveForm.getByLabel('Waktu baru (WIB)').fill('19:45');
    await expectNoSeriousA11yViolations(page);
    await moveForm.getByRole('button', { name: 'Simpan jadwal' }).click();
    await expect(when).toHaveAttribute(
      'datetime',
      new Date(`${movedDate}T19:45:00+07:00`).toISOString(),
    );
    await expect(when).toContainText(/19[.:]45 WIB$/);
    await expect(item.getByText(/Gagal mengubah jadwal/)).toHaveCount(0);

    // Batalkan jadwal asks first; "Kembali" changes nothing.
    await item.getByRole('button', { name: `Batalkan jadwal: ${SCHEDULED_TITLE}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Batalkan jadwal?' });
    await expect(dialog).toContainText('video tetap Pribadi');
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'youtube-cancel-schedule-confirm');
    }
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Kembali' }).click();
    await expect(item.getByText('Terupload', { exact: true })).toBeVisible();

    await item.getByRole('button', { name: `Batalkan jadwal: ${SCHEDULED_TITLE}` }).click();
    await dialog.getByRole('button', { name: 'Batalkan jadwal' }).click();
    await expect(item.getByText('Dibatalkan', { exact: true })).toBeVisible();
    await expect(detail(item, 'Jadwal dibatalkan').locator('time')).toContainText(/WIB$/);
    await expect(detail(item, 'Privasi di YouTube')).toHaveText('Pribadi');
    await expect(item.getByRole('button', { name: /Batalkan jadwal|Ubah jadwal/ })).toHaveCount(0);
    // The history keeps saying so after a reload.
    await page.reload();
    await expect(
      historyItem(page, SCHEDULED_TITLE).getByText('Dibatalkan', { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await historyItem(page, SCHEDULED_TITLE).scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'youtube-schedule-cancelled');
    }
  });

  test("uploads a file downloaded on the server, from the File Manager's action", async ({
    page,
    adminApi,
    memberApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A download of the member's, made on the server: scrape the media scenario, download one.
    await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
    const { fileName } = await scrapeKeyword(
      memberApi,
      `${SCENARIO_WORDS.media}-yt-${Date.now().toString(36)}`,
    );
    const items = (await (
      await memberApi.get(`/api/data/items?filename=${encodeURIComponent(fileName)}`)
    ).json()) as { items: Array<{ id: string; title: string }> };
    const three = items.items.find((i) => i.title.trim() === 'Klip tiga detik');
    expect(three).toBeTruthy();
    const batch = await memberApi.post('/api/media/batches', {
      data: { filename: fileName, itemIds: [three?.id], quality: 'best' },
    });
    expect(batch.ok()).toBe(true);
    const { id: batchId } = (await batch.json()) as { id: string };
    await expect
      .poll(
        async () => {
          const state = (await (await memberApi.get(`/api/media/batches/${batchId}`)).json()) as {
            completed: number;
          };
          return state.completed;
        },
        { timeout: 60_000 },
      )
      .toBe(1);

    await page.goto('/#/files');
    const action = page.getByRole('link', { name: 'Upload ke YouTube: Klip tiga detik' }).first();
    await expect(action).toBeVisible();
    await action.click();
    await expect(page).toHaveURL(/#\/youtube\?file=[0-9a-f-]{36}$/);
    const form = uploadForm(page);
    const chosen = form.getByRole('group', { name: 'File di server' });
    await expect(chosen).toContainText('File di server: Klip tiga detik');
    await expect(form.getByRole('textbox', { name: 'Judul', exact: true })).toHaveValue(
      'Klip tiga detik',
    );
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'youtube-server-file');
    }
    await page.setViewportSize(DESKTOP);

    await form.getByRole('button', { name: 'Upload ke YouTube' }).click();
    await expect(form.getByText('Video berhasil diupload!', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    // The form is fresh again: no server file, no ?file= in the address.
    await expect(chosen).toHaveCount(0);
    await expect(page).toHaveURL(/#\/youtube$/);
    const item = historyItem(page, 'Klip tiga detik');
    await expect(detail(item, 'File di server')).toHaveText(/^Klip tiga detik\.\w+$/);
    await expect(item.getByText('Terupload', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(detail(item, 'Video YouTube').getByRole('link')).toBeVisible();

    // The member's file is still in the File Manager after the upload.
    await page.goto('/#/files');
    await expect(
      page.getByRole('link', { name: 'Upload ke YouTube: Klip tiga detik' }).first(),
    ).toBeVisible();
  });
});

test.describe('the admin sees the connected channel', () => {
  test.use({ loginAs: 'admin' });

  test('the Akun YouTube tab shows it ready for upload', async ({ page }, testInfo) => {
    await page.goto('/#/admin?tab=youtube-accounts');
    const panel = page.getByRole('tabpanel').getByRole('region', { name: 'Akun YouTube' });
    const card = panel
      .getByRole('list', { name: 'Akun YouTube terhubung' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: CHANNEL }) });
    await expect(card).toContainText('Aktif');
    await expect(card).toContainText('Siap untuk upload');
    await expect(card).toContainText(CLIENT.name);
    await expect(card.getByRole('button', { name: `Putuskan koneksi ${CHANNEL}` })).toBeVisible();
    await expect(
      panel.getByRole('combobox', { name: 'Client secret untuk akun baru' }),
    ).toHaveValue(/.+/);

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'admin-youtube-accounts');
    }
  });
});

test.describe('the member writes with Gemini after a model retired', () => {
  test.use({ loginAs: 'member' });

  test('the content comes from the next model and the notice names both', async ({
    page,
    adminApi,
  }, testInfo) => {
    // Stage: an active Gemini key, checked when added (gemini-3.5-flash answered then), whose
    // model retires before the member generates (the fake's model-retires-after-check scenario:
    // generateContent answers 404 NOT_FOUND). A new key text each attempt: the API remembers a
    // key's choice in memory.
    const staleKey = `e2e-gemini-model-retires-after-check-${Date.now().toString(36)}`;
    const added = await adminApi.post('/api/admin/gemini-keys', { data: { key: staleKey } });
    expect(added.ok()).toBe(true);
    const { id } = (await added.json()) as { id: string };
    const keys = (await (await adminApi.get('/api/admin/gemini-keys')).json()) as Array<{
      id: string;
      key: string;
      isActive: boolean;
    }>;
    const before = keys.find((key) => key.isActive && key.id !== id);
    expect((await adminApi.put(`/api/admin/gemini-keys/${id}/set-active`)).ok()).toBe(true);
    try {
      await openUploadPage(page);
      const form = uploadForm(page);
      await form.getByRole('textbox', { name: 'Judul', exact: true }).fill(NOW_TITLE);
      await form.getByRole('button', { name: 'Generate dengan AI (Gemini)' }).click();
      await expect(
        form.getByText('Konten berhasil di-generate menggunakan Gemini AI!', { exact: true }),
      ).toBeVisible();
      await expect(
        form.getByText(
          'Model Gemini gemini-3.5-flash sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai gemini-3-flash.',
        ),
      ).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Judul', exact: true })).toHaveValue(
        GENERATED_TITLE,
      );

      await expectNoSeriousA11yViolations(page);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await saveScreenshot(page, testInfo, 'youtube-gemini-model-notice');
      }
    } finally {
      if (before) await adminApi.put(`/api/admin/gemini-keys/${before.id}/set-active`);
      await adminApi.delete(`/api/admin/gemini-keys/${id}`);
    }
  });
});

test.describe('an upload through a Google project that has not passed the audit', () => {
  test('YouTube answers it private: the history explains why and the notification says so', async ({
    page,
    playwright,
    adminApi,
  }, testInfo) => {
    test.setTimeout(90_000);
    // Stage, through the API: a third member (their channel is theirs alone), a client whose
    // project the fake Google treats as unaudited, the channel connected through it.
    const user = { username: 'e2e-unaudited', password: 'e2e-unaudited-password' };
    const created = await adminApi.post('/api/admin/users', { data: { ...user, role: 'user' } });
    expect(created.ok() || created.status() === 409).toBe(true);
    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    const login = await api.post('/api/auth/login', { data: user });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const secrets = (await (await adminApi.get('/api/admin/client-secrets')).json()) as Array<{
      id: string;
      clientId: string;
    }>;
    let clientSecretId = secrets.find((s) => s.clientId === UNAUDITED_GOOGLE_CLIENT_ID)?.id;
    if (!clientSecretId) {
      const secret = await adminApi.post('/api/admin/client-secrets', {
        data: {
          name: 'Proyek Belum Diaudit',
          clientId: UNAUDITED_GOOGLE_CLIENT_ID,
          clientSecret: 'GOCSPX-e2e-unaudited-secret',
        },
      });
      expect(secret.ok()).toBe(true);
      clientSecretId = ((await secret.json()) as { id: string }).id;
    }
    try {
      // The consent the popup would show: "Allow", then our callback.
      const start = await api.get(`/api/youtube/auth/url?clientSecretId=${clientSecretId}`, {
        headers: auth,
      });
      const { authUrl } = (await start.json()) as { authUrl: string };
      const consentPage = await (await api.get(authUrl)).text();
      const consentId = /name="consent" value="([^"]+)"/.exec(consentPage)?.[1] ?? '';
      const approved = await api.post(new URL('/o/oauth2/approve', authUrl).toString(), {
        form: { consent: consentId, decision: 'allow' },
        maxRedirects: 0,
      });
      expect(approved.status()).toBe(302);
      const callback = await api.get(approved.headers().location ?? '');
      expect(callback.ok()).toBe(true);
      const accounts = (await (
        await api.get('/api/youtube/accounts', { headers: auth })
      ).json()) as Array<{ id: string; clientSecretId: string }>;
      const accountId = accounts.find((a) => a.clientSecretId === clientSecretId)?.id ?? '';

      // Public was asked.
      const upload = await api.post('/api/youtube/upload', {
        headers: auth,
        multipart: {
          accountId,
          title: LOCKED_TITLE,
          privacyStatus: 'public',
          madeForKids: 'false',
          videoFile: { name: 'klip.mp4', mimeType: 'video/mp4', buffer: readFileSync(videoPath) },
        },
      });
      expect(upload.status()).toBe(202);

      await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
      await openUploadPage(page);
      await accountPanel(page)
        .getByRole('combobox', { name: 'Client secret' })
        .selectOption({ label: 'Proyek Belum Diaudit' });
      await expect(
        accountPanel(page)
          .getByRole('combobox', { name: 'Akun YouTube' })
          .locator('option:checked'),
      ).toHaveText(CHANNEL);
      const item = historyItem(page, LOCKED_TITLE);
      await expect(item.getByText('Terupload', { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(detail(item, 'Privasi di YouTube')).toHaveText('Pribadi (dikunci YouTube)');
      const notice = item.locator('.yt-history-item__notice');
      await expect(notice).toContainText('Diupload sebagai Pribadi, bukan Publik.');
      // The project's own bucket: one of its 100 uploads spent.
      await expect(quotaLine(page)).toContainText('Sisa unggahan hari ini: 99 dari 100');
      await expect(notice).toContainText('belum lolos audit dari Google');
      await expect(notice).toContainText('Admin dapat mengajukan audit proyek ke Google');

      const notes = (await (await api.get('/api/notifications', { headers: auth })).json()) as {
        notifications: Array<{ message: string }>;
      };
      expect(notes.notifications.map((n) => n.message).join('\n')).toMatch(
        new RegExp(`"${LOCKED_TITLE}" berhasil diupload.*sebagai Pribadi.*belum lolos audit`),
      );

      await expectNoSeriousA11yViolations(page);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await saveScreenshot(page, testInfo, 'youtube-private-locked');
      }
    } finally {
      // The other specs see only their own client again.
      await adminApi.delete(`/api/admin/client-secrets/${clientSecretId}`);
      await api.dispose();
    }
  });
});
