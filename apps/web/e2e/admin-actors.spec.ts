import type { Locator, Page } from '@playwright/test';
import { ensureActiveApifyKey, removeActorConfig } from './support/admin-api.ts';
import { APIFY_TOKENS, TWITTER } from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.use({ loginAs: 'admin' });

async function openActorTab(page: Page) {
  await page.goto('/#/admin?tab=actors');
  const table = page.getByRole('table', { name: 'Daftar konfigurasi aktor' });
  await expect(table.getByRole('row', { name: /tiktok/ })).toBeVisible();
  return table;
}

function row(table: Locator, platformId: string) {
  return table.getByRole('row').filter({
    has: table.page().getByRole('rowheader', { name: platformId, exact: true }),
  });
}

function editor(page: Page, title: 'Edit Aktor' | 'Tambah Aktor Baru') {
  return page.getByRole('dialog', { name: title });
}

// The editor's checks are three tests, not one: four axe scans (about 4 s each on this machine)
// and the edit, save and reload in one test ran at 29 s of its 30 s, and under load it ran out,
// its trace cut off mid-write ("End of central directory" when Playwright merged it).
test('the actor list and the editor open accessibly, Platform ID locked', async ({ page }, testInfo) => {
  const table = await openActorTab(page);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Platform ID',
    'Display Name',
    'Actor ID',
    'Status',
    'Actions',
  ]);
  await expect(page.getByRole('button', { name: 'Refresh Downloader' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, testInfo, 'admin-actors');

  await row(table, 'douyin').getByRole('button', { name: 'Edit douyin' }).click();
  const dialog = editor(page, 'Edit Aktor');
  await expect(dialog.getByRole('tab')).toHaveText([
    'Dasar',
    'Mapping Hasil',
    'Platform Specific',
    'Preview Specific',
    'Opsi Tambahan',
    'Opsi Unduhan',
  ]);
  await expect(dialog.getByRole('tab', { name: 'Dasar' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('Platform ID')).toBeDisabled();
  await expect(dialog.getByLabel('Platform ID')).toHaveValue('douyin');
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'actor-editor', { fullPage: false });
  }
});

test("the editor's tabs show the actor's mapping, platform and extra options accessibly", async ({ page }) => {
  const table = await openActorTab(page);
  await row(table, 'douyin').getByRole('button', { name: 'Edit douyin' }).click();
  const dialog = editor(page, 'Edit Aktor');

  await dialog.getByRole('tab', { name: 'Mapping Hasil' }).click();
  await expect(dialog.getByRole('textbox', { name: 'duration', exact: true })).toHaveValue(
    'video.duration',
  );
  await expect(dialog.getByRole('combobox', { name: 'duration_format' })).toHaveValue(
    'milliseconds',
  );
  // _format keys are not path fields.
  await expect(dialog.getByRole('textbox', { name: 'duration_format' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('tab', { name: 'Platform Specific' }).click();
  await expect(dialog.getByRole('textbox', { name: 'titleMapping' })).toHaveValue('text');
  await expect(dialog.getByRole('switch', { name: /skipIfNoUrl/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('tab', { name: 'Opsi Tambahan' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Key' })).toHaveValue('maxItemsPerUrl');
  await expectNoSeriousA11yViolations(page);
});

test("Facebook's editor shows the link paths read only when they open a video (issue 31 item 7)", async ({
  page,
}, testInfo) => {
  const table = await openActorTab(page);
  await row(table, 'facebook').getByRole('button', { name: 'Edit facebook' }).click();
  const dialog = editor(page, 'Edit Aktor');
  await dialog.getByRole('tab', { name: 'Platform Specific' }).click();
  const videoUrls = dialog.getByRole('textbox', { name: 'videoUrlMapping' });
  await expect(videoUrls).toHaveValue('url\nfacebookUrl');
  await expect(videoUrls).toHaveAccessibleDescription(/hanya bila link-nya membuka satu video/);
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await videoUrls.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'actor-editor-video-urls', { fullPage: false });
  }
});

test('admin edits an actor through the six tabs of the editor', async ({ page }, testInfo) => {
  const table = await openActorTab(page);
  await row(table, 'douyin').getByRole('button', { name: 'Edit douyin' }).click();
  const dialog = editor(page, 'Edit Aktor');

  const displayName = `Douyin ${testInfo.retry}-${Date.now().toString(36)}`;
  await dialog.getByLabel('Display Name').fill(displayName);

  await dialog.getByRole('tab', { name: 'Preview Specific' }).click();
  const maxDuration = dialog.getByRole('spinbutton', { name: 'Durasi maksimum (detik)' });
  await expect(maxDuration).toHaveAttribute('placeholder', '30');
  await maxDuration.fill('5');
  await dialog.getByRole('tab', { name: 'Opsi Tambahan' }).click();
  await dialog.getByRole('tab', { name: 'Opsi Unduhan' }).click();
  await expect(dialog.getByText('Belum ada opsi unduhan.')).toBeVisible();

  // A save with an error goes back to the tab that has it and focuses the field.
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('tab', { name: /Preview Specific/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(maxDuration).toBeFocused();
  await expect(
    dialog.getByText('Durasi maksimum preview harus antara 10 dan 120 detik.'),
  ).toBeVisible();
  await maxDuration.fill('45');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Aktor berhasil diperbarui.')).toBeVisible();
  await expect(row(table, 'douyin')).toContainText(displayName);

  await page.reload();
  await row(table, 'douyin').getByRole('button', { name: 'Edit douyin' }).click();
  await expect(dialog.getByLabel('Display Name')).toHaveValue(displayName);
  await dialog.getByRole('tab', { name: 'Preview Specific' }).click();
  await expect(maxDuration).toHaveValue('45');

  // Put it back as it was, for the specs that list the platforms.
  await maxDuration.fill('30');
  await dialog.getByRole('tab', { name: 'Dasar' }).click();
  await dialog.getByLabel('Display Name').fill('Douyin');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(table, 'douyin')).toContainText('Douyin');
});

test('a new actor needs its required fields and a platform ID of its own', async ({ page }) => {
  await openActorTab(page);
  await page.getByRole('button', { name: 'Tambah Aktor' }).click();
  const dialog = editor(page, 'Tambah Aktor Baru');
  await expect(dialog.getByRole('tab', { name: 'Dasar' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('Input Key', { exact: true })).toHaveValue('searchQueries');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Platform ID wajib diisi.')).toBeVisible();
  await expect(dialog.getByText('Display Name wajib diisi.')).toBeVisible();
  await expect(dialog.getByText('Actor ID wajib diisi.')).toBeVisible();
  await expect(dialog.getByLabel('Platform ID')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Platform ID').fill('tiktok');
  await dialog.getByLabel('Display Name').fill('TikTok kedua');
  await dialog.getByLabel('Actor ID').fill('clockworks/tiktok-scraper');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Platform ID sudah ada. Harap gunakan ID yang unik.',
  );
  await dialog.getByRole('tab', { name: 'Opsi Tambahan' }).click();
  // The default option of a new actor.
  await expect(dialog.getByRole('textbox', { name: 'Key' })).toHaveValue('maxResults');
  await expect(dialog.getByRole('combobox', { name: 'Tipe' })).toHaveValue('number');
  await expect(dialog.getByRole('spinbutton', { name: 'Nilai bawaan' })).toHaveValue('20');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('toggle, clone, delete, code generator and the downloader refresh signal', async ({
  page,
  adminApi,
}) => {
  await removeActorConfig(adminApi, 'youtube_copy');
  const table = await openActorTab(page);

  const toggle = row(table, 'instagram').getByRole('switch', { name: 'Status aktif instagram' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await row(table, 'youtube').getByRole('button', { name: 'Clone youtube' }).click();
  const cloneConfirm = page.getByRole('alertdialog', { name: 'Clone Aktor' });
  await expect(cloneConfirm).toContainText('Apakah Anda yakin ingin mengkloning aktor ini?');
  await expectNoSeriousA11yViolations(page);
  await cloneConfirm.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Aktor berhasil dikloning sebagai youtube_copy.')).toBeVisible();
  const copy = row(table, 'youtube_copy');
  await expect(copy).toContainText('streamers/youtube-scraper');

  await copy.getByRole('button', { name: 'Delete youtube_copy' }).click();
  const deleteConfirm = page.getByRole('alertdialog', { name: 'Hapus Aktor' });
  await expect(deleteConfirm).toContainText('Apakah Anda yakin ingin menghapus aktor ini?');
  await deleteConfirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(copy).toHaveCount(0);
  await page.reload();
  await expect(row(table, 'youtube')).toHaveCount(1);
  await expect(copy).toHaveCount(0);

  await row(table, 'tiktok').getByRole('button', { name: 'Generate Code tiktok' }).click();
  const generator = page.getByRole('dialog', { name: 'Generator Kode Otomatis - TikTok' });
  await expect(generator.getByRole('button', { name: 'Hasilkan Kode' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await generator.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(generator).toBeHidden();

  const heard = page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        window.addEventListener(
          'scrapper:actor-configs-refresh',
          () => resolve(window.localStorage.getItem('actorConfigRefresh')),
          { once: true },
        );
      }),
  );
  await page.getByRole('button', { name: 'Refresh Downloader' }).click();
  expect(Number(await heard)).toBeGreaterThan(Date.now() - 60_000);
});

test('a sixth platform added in the editor scrapes with its own mapping, no code change', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(60_000);
  await removeActorConfig(adminApi, TWITTER.platformId);
  await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
  const table = await openActorTab(page);
  await page.getByRole('button', { name: 'Tambah Aktor' }).click();
  const dialog = editor(page, 'Tambah Aktor Baru');

  await dialog.getByLabel('Platform ID').fill(TWITTER.platformId);
  await dialog.getByLabel('Display Name').fill(TWITTER.displayName);
  await dialog.getByLabel('Actor ID').fill(TWITTER.actorId);
  await dialog.getByLabel('Input Key', { exact: true }).fill(TWITTER.inputKey);
  await dialog.getByLabel('Target Label').fill('Kata kunci pencarian X');
  await dialog.getByLabel('Input Type').selectOption('keyword');

  await dialog.getByRole('tab', { name: 'Mapping Hasil' }).click();
  const paths: Record<string, string> = {
    id: 'id',
    url: 'url',
    title: 'text',
    duration: 'extendedEntities.media.0.video_info.duration_millis',
    author: 'author.userName',
    play_count: 'viewCount',
    like_count: 'likeCount',
    thumbnail: 'extendedEntities.media.0.media_url_https',
    is_video_check: 'extendedEntities.media.0.type',
  };
  for (const [key, path] of Object.entries(paths)) {
    await dialog.getByRole('textbox', { name: key, exact: true }).fill(path);
  }
  await dialog.getByRole('combobox', { name: 'duration_format' }).selectOption('milliseconds');

  await dialog.getByRole('tab', { name: 'Platform Specific' }).click();
  await dialog.getByRole('textbox', { name: 'urlMapping', exact: true }).fill('twitterUrl\n\n');

  await dialog.getByRole('tab', { name: 'Opsi Tambahan' }).click();
  await dialog.getByRole('textbox', { name: 'Key' }).fill('maxItems');
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Jumlah tweet maksimum');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Aktor baru berhasil ditambahkan.')).toBeVisible();
  await expect(row(table, TWITTER.platformId)).toContainText(TWITTER.actorId);

  // The dashboard offers it at once, as a keyword platform.
  await page.goto('/#/');
  const platform = page.getByRole('combobox', { name: 'Platform', exact: true });
  await platform.selectOption(TWITTER.platformId);
  await expect(page.getByRole('textbox', { name: 'Tambah URL (tempel atau seret)' })).toHaveCount(
    0,
  );
  await expect(page.getByRole('spinbutton', { name: 'Jumlah tweet maksimum' })).toHaveValue('20');
  const target = page.getByRole('textbox', { name: 'Target', exact: true });
  const submit = page.getByRole('button', { name: 'Mulai Scraping' });
  await submit.click();
  await expect(page.getByText('Keyword tidak boleh kosong.')).toBeVisible();
  await target.fill('https://x.com/e2e_tweeps');
  await submit.click();
  await expect(
    page.getByText(`Input untuk ${TWITTER.displayName} harus berupa keyword yang valid.`),
  ).toBeVisible();

  const keyword = `kucing-${Date.now().toString(36)}`;
  await target.fill(keyword);
  await submit.click();
  await expect(page.getByText('Tugas scraping dimulai.')).toBeVisible();
  const task = page
    .getByRole('list', { name: 'Tugas scraping' })
    .getByRole('listitem')
    .filter({ hasText: keyword });
  await expect(task.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 30_000 });
  // Nine tweets, three of them photos: the mapping keeps the six videos.
  await expect(task).toContainText(`${TWITTER.videoItemCount} item tersimpan.`);

  const result = page.getByRole('region', { name: 'Hasil Terakhir' });
  await expect(result).toContainText(`${TWITTER.videoItemCount} item ditemukan.`);
  const items = result.getByRole('list', { name: 'Item hasil' }).getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.nth(0)).toContainText('Tweet e2e 1');
  await expect(items.nth(0)).toContainText(`${TWITTER.author} · 0:12`);
  await expect(items.nth(2)).toContainText('Tweet e2e 4');
  await expect(items.nth(0).getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^https://x\\.com/${TWITTER.author}/status/`),
  );
  await expect(result).not.toContainText('Tweet e2e 3');
});
