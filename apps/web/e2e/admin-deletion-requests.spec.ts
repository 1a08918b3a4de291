import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.use({ loginAs: 'admin' });

test('a request from the public page reaches the admin tab and moves to diproses and selesai', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const address = `hapus-admin-${Date.now().toString(36)}@contoh.co.id`;

  // A visitor, not logged in, sends the request from the public page.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const publicPage = await visitor.newPage();
  await publicPage.goto('/#/data-deletion');
  await publicPage.getByRole('textbox', { name: 'Alamat email' }).fill(address);
  await publicPage.getByRole('button', { name: 'Kirim Permintaan' }).click();
  await expect(publicPage.getByRole('status').filter({ hasText: 'Permintaan terkirim' })).toBeVisible();
  await visitor.close();

  await page.goto('/#/admin?tab=deletion-requests');
  await expect(page.getByRole('tab', { name: 'Permintaan Hapus Data' })).toHaveAttribute(
    'aria-selected',
    'true',
    { timeout: 20_000 },
  );
  const table = page.getByRole('table', { name: 'Daftar permintaan hapus data' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Email',
    'Diterima',
    'Status',
    'Ubah status',
  ]);
  const row = table.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('Baru');
  await expect(row).toContainText('WIB');
  const select = row.getByRole('combobox', { name: `Status permintaan ${address}` });
  await expect(select).toHaveValue('received');

  await select.selectOption({ label: 'Diproses' });
  await expect(page.getByText(`Status permintaan ${address}: Diproses.`)).toBeVisible();
  await expect(row).toContainText('oleh admin');
  await select.selectOption({ label: 'Selesai' });
  await expect(page.getByText(`Status permintaan ${address}: Selesai.`)).toBeVisible();

  // The server kept it.
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: 'Daftar permintaan hapus data' })
      .getByRole('row')
      .filter({ hasText: address })
      .getByRole('combobox'),
  ).toHaveValue('done', { timeout: 20_000 });

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-deletion-requests');
  }
});
