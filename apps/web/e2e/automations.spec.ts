import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ensureActiveApifyKey } from './support/admin-api.ts';
import { APIFY_TOKENS, MEDIA_AUTHOR_PREFIX, SCENARIO_WORDS } from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

// Page "Otomasi" (issue 19) on the real product: a member writes automations through the
// form (the contract's rules answer beside the fields), pauses, edits and deletes them, and
// runs one now on a TikTok keyword whose items are real clips on the media server: the real
// worker scrapes (fake Apify), filters, downloads with yt-dlp and schedules the uploads into
// the posting slots on the fake YouTube. The run panel, the download history and the YouTube
// history all show what it did.

// Serial: the last test looks at what the run test made. Long forms with axe and two
// screenshots each take more than the default 30 s on a busy 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ loginAs: 'member' });

const CLIENT = {
  name: 'Proyek Otomasi',
  clientId: 'e2e-automation-client.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-e2e-automation-secret',
} as const;
/** The fake Google's default channel (testkit fake-google). */
const CHANNEL = 'Fake Channel';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()}: HTTP ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The member's channel, connected through the fake Google's consent (as the popup would). */
async function ensureMemberChannel(adminApi: APIRequestContext, memberApi: APIRequestContext) {
  const accounts = await ok<{ id: string }[]>(await memberApi.get('/api/youtube/accounts'));
  if (accounts.length > 0) return;
  const secrets = await ok<{ id: string; clientId: string }[]>(
    await adminApi.get('/api/admin/client-secrets'),
  );
  let clientSecretId = secrets.find((s) => s.clientId === CLIENT.clientId)?.id;
  if (!clientSecretId) {
    const created = await ok<{ id: string }>(
      await adminApi.post('/api/admin/client-secrets', { data: CLIENT }),
    );
    clientSecretId = created.id;
  }
  const { authUrl } = await ok<{ authUrl: string }>(
    await memberApi.get(`/api/youtube/auth/url?clientSecretId=${clientSecretId}`),
  );
  const consentPage = await (await memberApi.get(authUrl)).text();
  const consent = /name="consent" value="([^"]+)"/.exec(consentPage)?.[1] ?? '';
  const approved = await memberApi.post(new URL('/o/oauth2/approve', authUrl).toString(), {
    form: { consent, decision: 'allow' },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(302);
  expect((await memberApi.get(approved.headers().location ?? '')).ok()).toBe(true);
}

/** Starts from no automation of the member (a retry finds the first attempt's). */
async function removeAutomations(api: APIRequestContext) {
  const page = await ok<{ automations: { id: string }[] }>(await api.get('/api/automations'));
  for (const { id } of page.automations) {
    await ok(await api.delete(`/api/automations/${id}`));
  }
}

async function automationCount(api: APIRequestContext): Promise<number> {
  const page = await ok<{ automations: unknown[] }>(await api.get('/api/automations'));
  return page.automations.length;
}

async function openPage(page: Page) {
  await page.goto('/#/automations');
  // The page's chunk can take a while on a busy machine; the wait is for it, not a measure.
  await expect(page.getByRole('heading', { level: 1, name: 'Otomasi' })).toBeVisible({
    timeout: 20_000,
  });
}

function formCard(page: Page): Locator {
  return page.getByRole('region', { name: /^(Otomasi Baru|Edit Otomasi)$/ });
}

function entry(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Otomasi saya' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The value beside a term of an automation's facts (Sumber, Jadwal, ...). */
function fact(item: Locator, term: string): Locator {
  return item
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Name and a TikTok keyword: the least a valid automation needs. */
async function fillBasics(form: Locator, name: string, keyword: string) {
  await form.getByRole('textbox', { name: 'Nama otomasi' }).fill(name);
  await form.getByRole('combobox', { name: 'Platform' }).selectOption('tiktok');
  await form.getByRole('textbox', { name: 'Target' }).fill(keyword);
}

test.beforeAll(async ({ adminApi, memberApi }) => {
  await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
  await removeAutomations(memberApi);
});

// The run downloads the `unduh` scenario's clips for the shared e2e member, as downloads.spec
// does later with its own keyword: their files and history entries go again when this file
// ends, so that spec finds each of its titles once. (The uploads stay: nothing counts them.)
test.afterAll(async ({ memberApi }) => {
  const author = `${MEDIA_AUTHOR_PREFIX}otomasi`;
  const { history } = await ok<{ history: { id: string; author: string; fileExists: boolean }[] }>(
    await memberApi.get(`/api/media/history?search=${author}&limit=200`),
  );
  for (const entry of history.filter((h) => h.author === author)) {
    if (entry.fileExists)
      expect((await memberApi.delete(`/api/files/${entry.id}`)).ok()).toBe(true);
    expect((await memberApi.delete(`/api/media/history/${entry.id}`)).ok()).toBe(true);
  }
});

test('the form answers with the contract’s rules beside each field, and nothing is saved', async ({
  page,
  memberApi,
}, testInfo) => {
  await openPage(page);
  await expect(page.getByText('Belum ada otomasi.')).toBeVisible();
  await page.getByRole('button', { name: 'Buat Otomasi' }).click();
  const form = formCard(page);
  await expect(form).toBeVisible();

  // The dashboard's target rules: nothing typed.
  await form.getByRole('textbox', { name: 'Nama otomasi' }).fill('Kucing terlalu sering');
  await form.getByRole('button', { name: 'Simpan' }).click();
  const target = form.getByRole('textbox', { name: 'Target' });
  await expect(target).toBeFocused();
  await expect(target).toHaveAccessibleDescription(/Target tidak boleh kosong|wajib/i);

  // One target per automation.
  await target.fill('kucing\nanjing');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(target).toHaveAccessibleDescription(/satu target/);

  // More often than every 15 minutes; min duration over max; a slot out of range.
  await target.fill('kucing lucu');
  const every = form.getByRole('spinbutton', { name: 'Setiap' });
  await every.fill('10');
  await form.getByRole('combobox', { name: 'Satuan' }).selectOption('minutes');
  await form.getByRole('spinbutton', { name: 'Durasi minimal (detik)' }).fill('90');
  await form.getByRole('spinbutton', { name: 'Durasi maksimal (detik)' }).fill('30');
  await form.getByRole('checkbox', { name: 'Publikasikan sesuai slot posting' }).check();
  await form.getByRole('textbox', { name: 'Slot posting (WIB)' }).fill('09:00, 25:00');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(every).toBeFocused();
  await expect(every).toHaveAccessibleDescription(
    /Jadwal tidak boleh lebih sering dari setiap 15 menit\./,
  );
  await expect(
    form.getByRole('spinbutton', { name: 'Durasi maksimal (detik)' }),
  ).toHaveAccessibleDescription(/Durasi minimal tidak boleh lebih besar dari durasi maksimal\./);
  await expect(
    form.getByRole('textbox', { name: 'Slot posting (WIB)' }),
  ).toHaveAccessibleDescription(/Jam harus berformat HH:MM antara 00:00 dan 23:59 \(WIB\)\./);
  await expect(form.getByRole('group', { name: 'Tujuan publikasi' })).toHaveAccessibleDescription(
    /Pilih minimal satu tujuan publikasi\./,
  );
  expect(await automationCount(memberApi)).toBe(0);

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'automations-form-errors');
  }
  await form.getByRole('button', { name: 'Batal' }).click();
  await expect(form).toHaveCount(0);
  expect(await automationCount(memberApi)).toBe(0);
});

test('an automation is created, edited, paused, resumed and deleted (asking first)', async ({
  page,
  memberApi,
}) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Buat Otomasi' }).click();
  const form = formCard(page);
  await fillBasics(form, 'Resep harian', 'resep nasi goreng');
  await form.getByRole('button', { name: 'Simpan' }).click();
  const toasts = page.getByRole('region', { name: 'Pemberitahuan' });
  await expect(toasts).toContainText('Otomasi dibuat dan aktif.');
  await expect(form).toHaveCount(0);

  let item = entry(page, 'Resep harian');
  await expect(item).toContainText('Aktif');
  await expect(fact(item, 'Sumber')).toHaveText('TikTok · kata kunci: resep nasi goreng');
  await expect(fact(item, 'Jadwal')).toHaveText('Setiap 6 jam');
  await expect(fact(item, 'Berikutnya')).toHaveText(/WIB$/);
  await expect(fact(item, 'Run terakhir')).toHaveText('Belum pernah berjalan');

  // Edit: the saved values come back; a new name and fixed times are kept.
  await item.getByRole('button', { name: 'Edit: Resep harian' }).click();
  await expect(form.getByRole('heading', { name: 'Edit Otomasi' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Target' })).toHaveValue('resep nasi goreng');
  await expect(form.getByRole('spinbutton', { name: 'Setiap' })).toHaveValue('6');
  await form.getByRole('textbox', { name: 'Nama otomasi' }).fill('Resep pagi dan malam');
  await form.getByRole('radio', { name: 'Pada jam tertentu setiap hari (WIB)' }).check();
  await form.getByRole('textbox', { name: 'Jam jalan (WIB)' }).fill('06:00, 18:30');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(toasts).toContainText('Otomasi disimpan.');
  item = entry(page, 'Resep pagi dan malam');
  await expect(fact(item, 'Jadwal')).toHaveText('Setiap hari pukul 06:00, 18:30 WIB');
  await expect(fact(item, 'Berikutnya')).toHaveText(/(06|18)[.:](00|30) WIB$/);

  // Pause and resume.
  await item.getByRole('button', { name: 'Jeda: Resep pagi dan malam' }).click();
  await expect(item).toContainText('Dijeda');
  await expect(fact(item, 'Berikutnya')).toHaveText('Tidak dijadwalkan');
  await item.getByRole('button', { name: 'Lanjutkan: Resep pagi dan malam' }).click();
  await expect(item).toContainText('Aktif');
  await expect(fact(item, 'Berikutnya')).toHaveText(/WIB$/);

  // Delete asks first and says what stays.
  await item.getByRole('button', { name: 'Hapus: Resep pagi dan malam' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Hapus Otomasi' });
  await expect(dialog).toContainText(
    'Video yang sudah diunduh dan upload YouTube yang sudah dibuat tetap ada.',
  );
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(item).toBeVisible();
  expect(await automationCount(memberApi)).toBe(1);
  await item.getByRole('button', { name: 'Hapus: Resep pagi dan malam' }).click();
  await dialog.getByRole('button', { name: 'Hapus' }).click();
  await expect(toasts).toContainText('Otomasi dihapus.');
  await expect(item).toHaveCount(0);
  expect(await automationCount(memberApi)).toBe(0);
});

test('a keyword automation runs now: counts, downloads in history, uploads in their slots', async ({
  page,
  adminApi,
  memberApi,
}, testInfo) => {
  test.setTimeout(180_000);
  await ensureMemberChannel(adminApi, memberApi);
  const name = 'Klip harian';
  const keyword = `${SCENARIO_WORDS.media}-otomasi`;

  await openPage(page);
  await page.getByRole('button', { name: 'Buat Otomasi' }).click();
  const form = formCard(page);
  await fillBasics(form, name, keyword);
  // Filters: no clip over a minute, none whose title says "hilang"; duplicate titles skipped.
  await form.getByRole('spinbutton', { name: 'Durasi maksimal (detik)' }).fill('60');
  await form.getByRole('textbox', { name: 'Judul tidak boleh memuat kata' }).fill('hilang');
  await form.getByRole('checkbox', { name: 'Publikasikan sesuai slot posting' }).check();
  // The destinations, grouped by platform: the member's YouTube channel.
  await form
    .getByRole('group', { name: 'Tujuan publikasi' })
    .getByRole('checkbox', { name: CHANNEL })
    .check();
  await form.getByRole('textbox', { name: 'Slot posting (WIB)' }).fill('09:00, 19:00');
  await form.getByRole('spinbutton', { name: 'Maksimal posting per hari' }).fill('1');
  await form.getByRole('combobox', { name: 'Privasi YouTube' }).selectOption('unlisted');
  await form.getByRole('textbox', { name: 'Template judul' }).fill('{title} | {platform}');
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'automations-form');
  }
  await page.setViewportSize(DESKTOP);
  await form.getByRole('button', { name: 'Simpan' }).click();
  const item = entry(page, name);
  await expect(fact(item, 'Tujuan')).toHaveText(`YouTube: ${CHANNEL}`);
  await expect(fact(item, 'Slot posting')).toHaveText('09:00, 19:00 WIB, maksimal 1 per hari');

  await item.getByRole('button', { name: `Jalankan sekarang: ${name}` }).click();
  const panel = page.getByRole('region', { name: `Run: ${name}` });
  await expect(panel).toBeVisible();
  const stats = panel.getByRole('region', { name: 'Hasil run' });
  const stat = (label: string) =>
    stats
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  // The run goes through its stages (polled) and ends.
  await expect(panel.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 150_000 });
  await expect(stat('Ditemukan')).toHaveText('6');
  // Two-minute clip (duration), "Klip yang hilang" (word), "  KLIP delapan DETIK " (duplicate).
  await expect(stat('Disaring')).toHaveText('3');
  await expect(stat('Baru')).toHaveText('3');
  await expect(stat('Diunduh')).toHaveText('3');
  await expect(stat('Dijadwalkan')).toHaveText('3');
  await expect(stat('Gagal')).toHaveText('0');
  await expect(stat('Biaya Apify')).toHaveText(/^\$\d/);
  const reasons = panel.getByRole('region', { name: 'Item yang disaring' });
  await expect(reasons).toContainText('Durasi di luar rentang: 1');
  await expect(reasons).toContainText('Judul memuat kata terlarang: 1');
  await expect(reasons).toContainText('Judul duplikat: 1');
  // One a day into the slots: three days, each at 09:00 or 19:00 WIB.
  const uploads = panel.getByRole('region', { name: 'Upload terjadwal' }).getByRole('listitem');
  await expect(uploads).toHaveCount(3);
  for (const upload of await uploads.all()) {
    await expect(upload).toContainText(/Tayang .* (09|19)[.:]00 WIB/);
    // The title template '{title} | {platform}', filled in.
    await expect(upload.getByRole('paragraph').first()).toHaveText(/^Klip .+ \| tiktok$/i);
  }
  // The run's posts, every destination with its status and time (here the one channel).
  const posts = panel
    .getByRole('region', { name: 'Posting run ini' })
    .getByRole('list', { name: /^Tujuan: / });
  await expect(posts).toHaveCount(3);
  for (const post of await posts.all()) {
    await expect(post).toContainText(`YouTube: ${CHANNEL}`);
    await expect(post).toContainText(/tayang .* (09|19)[.:]00 WIB/);
  }
  await expect(panel.getByRole('link', { name: 'Lihat posting di Publikasikan' })).toBeVisible();
  await expect(fact(item, 'Run terakhir')).toContainText('3 diunduh, 3 dijadwalkan');
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'automations-run');
  }
  await page.setViewportSize(DESKTOP);

  // The downloads are in the member's history.
  await panel.getByRole('link', { name: 'Lihat unduhan di Riwayat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
  for (const title of ['Klip delapan detik', 'Klip tiga detik', 'Klip HLS empat detik']) {
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  }

  // The uploads are scheduled in the YouTube history, at the slot times.
  await page.goto('/#/youtube');
  const history = page.getByRole('list', { name: 'Daftar upload YouTube' });
  for (const title of ['Klip delapan detik', 'Klip tiga detik', 'Klip HLS empat detik']) {
    const upload = history
      .getByRole('listitem')
      .filter({ has: page.getByText(new RegExp(`^${title} \\| tiktok$`, 'i')) });
    await expect(upload).toBeVisible();
    await expect(upload.locator('time')).toContainText(/(09|19)[.:]00 WIB$/);
  }
});

test('the list and the run at 1280 and 375 px pass axe', async ({ page }, testInfo) => {
  await openPage(page);
  await expect(entry(page, 'Klip harian')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'automations-list');
  }
});
