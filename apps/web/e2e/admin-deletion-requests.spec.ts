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

test('a long list shows fifty and loads the next ones on Muat Lebih Banyak', async ({ page, adminApi }) => {
  test.setTimeout(90_000);
  const me = await adminApi.get('/api/auth/me');
  const { id: adminId } = ((await me.json()) as { user: { id: string } }).user;
  const db = await openE2eDatabase(adminId);
  const tag = `banyak${Date.now().toString(36)}`;
  try {
    // Straight into the table: the public form allows five an hour per address.
    await db.sql.unsafe(
      `insert into deletion_requests (email, ip, created_at)
       select $1 || g || '@contoh.co.id', '10.9.9.9', now() - make_interval(secs => g) from generate_series(1, 70) g`,
      [tag],
    );
  } finally {
    await db.close();
  }
  const total = ((await (await adminApi.get('/api/admin/deletion-requests?limit=1')).json()) as {
    pagination: { total: number };
  }).pagination.total;
  expect(total).toBeGreaterThanOrEqual(70);
  const shown = (n: number) => `Menampilkan ${n.toLocaleString('id-ID')} dari ${total.toLocaleString('id-ID')} permintaan.`;

  await page.goto('/#/admin?tab=deletion-requests');
  const table = page.getByRole('table', { name: 'Daftar permintaan hapus data' });
  await expect(page.getByRole('status').filter({ hasText: 'Menampilkan' })).toHaveText(shown(50), { timeout: 20_000 });
  await expect(table.getByRole('row')).toHaveCount(51);
  await page.getByRole('button', { name: 'Muat Lebih Banyak' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menampilkan' })).toHaveText(shown(Math.min(100, total)));
  // The oldest of the seeded ones is on the second page, once.
  await expect(table.getByRole('row').filter({ hasText: `${tag}70@contoh.co.id` })).toHaveCount(1);
});
