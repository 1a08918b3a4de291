import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { openE2eDatabase } from './support/e2e-database.ts';

test.use({ loginAs: 'admin' });

test('admin adds, removes and saves cookies per platform', async ({ page }, testInfo) => {
  await page.goto('/#/admin?tab=cookies');
  const panel = page.getByRole('region', { name: 'Manajemen Cookie' });
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
    ['TikTok', 'Douyin', 'YouTube', 'Instagram', 'Facebook'],
    { timeout: 20_000 },
  );
  const tiktok = panel.getByRole('region', { name: 'TikTok' });
  const youtube = panel.getByRole('region', { name: 'YouTube' });
  const tiktokList = tiktok.getByRole('list', { name: 'Cookie TikTok tersimpan' });

  // Start from what an earlier attempt may have left.
  const leftover = tiktokList.getByRole('button', { name: /^Hapus cookie/ });
  while ((await leftover.count()) > 0) await leftover.first().click();

  // Only trimmed, non-empty text is added.
  await tiktok.getByRole('textbox', { name: 'Cookie TikTok' }).fill('   \n  ');
  await tiktok.getByRole('button', { name: 'Tambah cookie TikTok' }).click();
  await expect(tiktok.getByText('Cookie kosong tidak ditambahkan.')).toBeVisible();
  await expect(tiktokList).toHaveCount(0);

  const long = `  sessionid=${'a1b2c3d4'.repeat(10)}; tt_webid=1234567890  `;
  await tiktok.getByRole('textbox', { name: 'Cookie TikTok' }).fill(long);
  await tiktok.getByRole('button', { name: 'Tambah cookie TikTok' }).click();
  await tiktok.getByRole('textbox', { name: 'Cookie TikTok' }).fill('msToken=kedua');
  await tiktok.getByRole('button', { name: 'Tambah cookie TikTok' }).click();
  await expect(tiktokList.getByRole('listitem')).toHaveText([
    `Cookie 1: ${long.trim().slice(0, 50)}...Hapus`,
    'Cookie 2: msToken=kedua...Hapus',
  ]);
  await youtube.getByRole('textbox', { name: 'Cookie YouTube' }).fill('VISITOR_INFO1_LIVE=abc');
  await youtube.getByRole('button', { name: 'Tambah cookie YouTube' }).click();
  await expect(panel.getByText('Ada perubahan yang belum disimpan.')).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-cookies');
  }
  await page.setViewportSize(DESKTOP);

  await tiktokList.getByRole('button', { name: 'Hapus cookie 2 TikTok' }).click();
  await panel.getByRole('button', { name: 'Simpan Semua Cookie' }).click();
  const saved = panel.getByText('Cookie berhasil disimpan!');
  await expect(saved).toBeVisible();
  // Spec: the success message clears after 3 seconds.
  await expect(saved).toBeHidden({ timeout: 5000 });

  // Saved cookies come back masked: their names, no values, and a fingerprint of the stored one.
  await page.reload();
  await expect(tiktokList.getByRole('listitem')).toHaveText([
    /^Cookie 1: sessionid=…; tt_webid=… \[tersimpan:[0-9a-f]{12}\]\.\.\.Hapus$/,
  ]);
  await expect(
    youtube.getByRole('list', { name: 'Cookie YouTube tersimpan' }).getByRole('listitem'),
  ).toContainText([/^Cookie 1: VISITOR_INFO1_LIVE=… \[tersimpan:[0-9a-f]{12}\]/]);

  // Leave the store as it was found.
  await tiktokList.getByRole('button', { name: 'Hapus cookie 1 TikTok' }).click();
  await youtube.getByRole('button', { name: 'Hapus cookie 1 YouTube' }).click();
  await panel.getByRole('button', { name: 'Simpan Semua Cookie' }).click();
  await expect(saved).toBeVisible();
});

test('the cookie form refuses text that is not cookies', async ({ page, adminApi }, testInfo) => {
  await page.goto('/#/admin?tab=cookies');
  const panel = page.getByRole('region', { name: 'Manajemen Cookie' });
  const instagram = panel.getByRole('region', { name: 'Instagram' });
  const field = instagram.getByRole('textbox', { name: 'Cookie Instagram' });
  const list = instagram.getByRole('list', { name: 'Cookie Instagram tersimpan' });
  const before = await list.getByRole('listitem').count();

  await field.fill('ini bukan cookie');
  await instagram.getByRole('button', { name: 'Tambah cookie Instagram' }).click();
  await expect(field).toHaveAccessibleDescription(
    /Teks ini bukan cookie\. Tempel isi cookies\.txt \(format Netscape/,
  );
  await expect(list.getByRole('listitem')).toHaveCount(before);
  await expect(field).toHaveValue('ini bukan cookie');
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await field.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'admin-cookies-refused');
  }

  // The server refuses the same text with a clear 400, whatever the client does.
  const res = await adminApi.post('/api/config/cookies', {
    data: { instagram: ['ini bukan cookie'] },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/Cookie 1 bukan cookie/);

  // name=value pairs are taken.
  await field.fill('sessionid=abc123; csrftoken=xyz');
  await instagram.getByRole('button', { name: 'Tambah cookie Instagram' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(before + 1);
});

test('each platform shows when its cookies were saved, when they expire and when a platform refused them', async ({
  page,
  adminApi,
}, testInfo) => {
  const expires = Math.floor(Date.UTC(2030, 0, 15, 3, 0) / 1000);
  const jar = `# Netscape HTTP Cookie File\n.instagram.com\tTRUE\t/\tTRUE\t${expires}\tsessionid\tkesehatan`;
  const shown = (await (await adminApi.get('/api/config/cookies')).json()) as Record<
    string,
    string[]
  >;
  expect(
    (await adminApi.post('/api/config/cookies', { data: { ...shown, instagram: [jar] } })).ok(),
  ).toBe(true);
  // A download with these cookies hit a login wall (the worker writes this; the test puts it).
  const me = (await (await adminApi.get('/api/auth/me')).json()) as { user: { id: string } };
  const db = await openE2eDatabase(me.user.id);
  try {
    await db.sql.unsafe(
      `update cookie_sets set last_failed_at = now(), last_failure = 'Platform meminta login atau verifikasi bot saat cookie ini dipakai: ganti dengan cookie yang masih masuk.' where platform = 'instagram'`,
    );
  } finally {
    await db.close();
  }

  await page.goto('/#/admin?tab=cookies');
  const instagram = page
    .getByRole('region', { name: 'Manajemen Cookie' })
    .getByRole('region', { name: 'Instagram' });
  await expect(
    instagram.getByText(/^Disimpan .* WIB · kedaluwarsa pertama 15 Jan 2030, 10\.00 WIB$/),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    instagram.getByText(/^Ditolak platform .* WIB: Platform meminta login/),
  ).toBeVisible();

  // Saving without changing Instagram's cookies keeps what is known of them.
  await page.getByRole('button', { name: 'Simpan Semua Cookie' }).click();
  await expect(page.getByText('Cookie berhasil disimpan!')).toBeVisible();
  await page.reload();
  await expect(instagram.getByText(/^Ditolak platform/)).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await instagram.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'admin-cookies-health');
  }

  // New cookies are other cookies: the refusal is forgotten.
  const again = (await (await adminApi.get('/api/config/cookies')).json()) as Record<
    string,
    string[]
  >;
  expect(
    (
      await adminApi.post('/api/config/cookies', {
        data: { ...again, instagram: ['sessionid=baru'] },
      })
    ).ok(),
  ).toBe(true);
  await page.reload();
  await expect(instagram.getByText(/^Disimpan .* WIB$/)).toBeVisible();
  await expect(instagram.getByText(/^Ditolak platform/)).toHaveCount(0);
});
