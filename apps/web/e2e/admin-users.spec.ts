import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.use({ loginAs: 'admin' });

test('admin adds, edits and deletes a user', async ({ page }, testInfo) => {
  // Unique per attempt, so a CI retry does not trip over the first attempt's user.
  const username = `e2e-${testInfo.retry}-${Date.now().toString(36)}`;
  await page.goto('/#/admin');
  await expect(page.getByRole('tab', { name: 'Pengguna' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Manajemen Pengguna' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Daftar pengguna' });
  await expect(table.getByRole('columnheader')).toHaveText(['Username', 'Role', 'Aksi']);
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin');
  }
  await page.setViewportSize(DESKTOP);

  // Add
  await page.getByRole('button', { name: 'Tambah User Baru' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Tambah Pengguna Baru' });
  await expect(addDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, testInfo, 'admin-add-user');
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, testInfo, 'admin-add-user');
  await page.setViewportSize(DESKTOP);
  await addDialog.getByLabel('Username').fill(username);
  await addDialog.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia-e2e-123');
  await addDialog.getByLabel('Role').selectOption('user');
  await addDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByText('Pengguna berhasil dibuat.')).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(username) });
  // innerText: the column name repeated inside each cell for phones is display:none here.
  await expect(row.getByRole('cell').first()).toHaveText('user', { useInnerText: true });

  // Edit: username locked, password optional
  await row.getByRole('button', { name: `Edit ${username}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Pengguna' });
  await expect(editDialog.getByLabel('Username')).toBeDisabled();
  await expect(editDialog.getByLabel('Username')).toHaveValue(username);
  await expect(editDialog.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute(
    'placeholder',
    'Kosongkan jika tidak ingin mengubah',
  );
  await editDialog.getByLabel('Role').selectOption('admin');
  await editDialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('Pengguna berhasil diperbarui.')).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText('admin', { useInnerText: true });

  // Delete, after confirming
  await row.getByRole('button', { name: `Hapus ${username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Hapus Pengguna' });
  await expect(confirm).toContainText('Apakah Anda yakin ingin menghapus pengguna ini?');
  await confirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Pengguna berhasil dihapus.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("shows the server's message for a taken username and keeps the form open", async ({
  page,
}) => {
  await page.goto('/#/admin');
  await page.getByRole('button', { name: 'Tambah User Baru' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna Baru' });
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia-e2e-123');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toContainText('sudah digunakan');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tambah User Baru' })).toBeFocused();
});

test('admin tabs follow the spec order and the arrow keys', async ({ page }) => {
  await page.goto('/#/admin');
  await expect(page.getByRole('tab')).toHaveText([
    'Pengguna',
    'Aktor',
    'Facebook',
    'Akun YouTube',
    'Client Secret',
    'API Key',
    'Cookie',
    'Permintaan Hapus Data',
    'Worker',
    'Alat & Layanan',
  ]);
  await page.getByRole('tab', { name: 'Aktor' }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('heading', { name: 'Konfigurasi Aktor' }),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Facebook' })).toBeFocused();
  // Issue 33: the Meta app's page (it was "Coming Soon").
  await expect(
    page.getByRole('tabpanel').getByRole('heading', { name: 'Alamat untuk dashboard Meta' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/admin\?tab=facebook$/);
  await expectNoSeriousA11yViolations(page);
});

test('the Worker tab lists the running workers with their queues and last beat', async ({ page }, testInfo) => {
  await page.goto('/#/admin?tab=workers');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Worker' })).toBeVisible();
  // The e2e product runs one worker process (the launcher's), serving every queue.
  await expect(panel.getByText('youtube.upload').first()).toBeVisible();
  // The worker swept once when it started; the card shows that run (or a later one).
  const maintenance = panel.getByRole('region', { name: 'Pemeliharaan' });
  await expect(maintenance.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(maintenance.getByText(/^(Saat worker mulai|Terjadwal \(tiap 15 menit\)|Dijalankan admin)$/)).toBeVisible();
  await expect(maintenance.getByText('Preview kedaluwarsa', { exact: true })).toBeVisible();
  await expect(maintenance.getByText('Folder sementara job', { exact: true })).toBeVisible();
  await expect(maintenance.getByText(/ WIB$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-workers');
  }
  await page.setViewportSize(DESKTOP);

  // An admin's run: queued, taken by the worker, and shown with its trigger once it is done.
  await maintenance.getByRole('button', { name: 'Jalankan Sekarang' }).click();
  await expect(maintenance.getByText('Dijalankan admin', { exact: true })).toBeVisible();
  await expect(maintenance.getByText('Selesai', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(maintenance.getByRole('button', { name: 'Jalankan Sekarang' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, testInfo, 'admin-workers-maintenance');
});

test('on a phone the tab row shows the selected tab, opened from the URL or by the arrow keys', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const tablist = page.getByRole('tablist', { name: /./ }).first();
  const inView = async (name: string) => {
    const list = await tablist.boundingBox();
    const tab = await tablist.getByRole('tab', { name, exact: true }).boundingBox();
    if (!list || !tab) throw new Error('no box');
    return tab.x >= list.x - 1 && tab.x + tab.width <= list.x + list.width + 1;
  };
  await page.goto('/#/admin?tab=workers');
  await expect(tablist.getByRole('tab', { name: 'Worker', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inView('Worker')).toBe(true);
  await tablist.getByRole('tab', { name: 'Worker', exact: true }).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => inView('Pengguna')).toBe(true);
  // End selects the last tab, the one furthest off a phone's screen.
  await page.keyboard.press('End');
  await expect.poll(() => inView('Alat & Layanan')).toBe(true);
  // Selected on a wide screen, then the window narrows: the row follows.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(tablist.getByRole('tab', { name: 'Alat & Layanan', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize(PHONE);
  await expect.poll(() => inView('Alat & Layanan')).toBe(true);
  await page.setViewportSize(DESKTOP);
});

test('the Cookie tab sets a per-platform request limit and refuses a bad one', async ({ page }, testInfo) => {
  await page.goto('/#/admin?tab=cookies');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Batas Permintaan per Platform' })).toBeVisible();
  const douyin = panel.getByRole('form', { name: 'Batas douyin' });
  const field = douyin.getByRole('textbox');
  await field.fill('0');
  await douyin.getByRole('button', { name: 'Simpan' }).click();
  await expect(douyin.getByText('Batas harus antara 1 dan 10000 permintaan per menit.')).toBeVisible();
  await field.fill('30');
  await douyin.getByRole('button', { name: 'Simpan' }).click();
  await expect(douyin.getByRole('status')).toHaveText('Tersimpan.');
  await page.reload();
  await expect(panel.getByRole('form', { name: 'Batas douyin' }).getByRole('textbox')).toHaveValue('30');
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-rate-limits');
  }
  // Back to no limit, so other specs' downloads are not held.
  const again = page.getByRole('tabpanel').getByRole('form', { name: 'Batas douyin' });
  await again.getByRole('textbox').fill('');
  await again.getByRole('button', { name: 'Simpan' }).click();
  await expect(again.getByRole('status')).toHaveText('Tersimpan.');
});

test("an admin's own row has no active Hapus, and says why", async ({ page }, testInfo) => {
  await page.goto('/#/admin');
  const table = page.getByRole('table', { name: 'Daftar pengguna' });
  const own = table.getByRole('row').filter({ hasText: '(Anda)' });
  const remove = own.getByRole('button', { name: /^Hapus / });
  await expect(remove).toBeDisabled({ timeout: 20_000 });
  await expect(remove).toHaveAccessibleDescription('Anda tidak dapat menghapus akun Anda sendiri.');
  await expect(own.getByRole('button', { name: /^Edit / })).toBeEnabled();
  // Another user's Hapus stays active.
  await expect(
    table.getByRole('row').filter({ hasNotText: '(Anda)' }).getByRole('button', { name: /^Hapus / }).first(),
  ).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-users-own-row');
  }
});
