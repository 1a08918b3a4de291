import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { openE2eDatabase } from './support/e2e-database.ts';
import { BASE_URL, E2E_SMTP_PORT } from './support/env.ts';
import { DELETION_NOTICE_MAIL } from '@scrapper/contracts/http/data-deletion';
import { startSmtpServer, type SmtpTestServer } from '@scrapper/testkit/smtp-server/start-smtp-server';

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
    'Akun anggota',
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

test.describe('mail and the member link (issue 31 item 9)', () => {
  let smtp: SmtpTestServer;
  test.beforeAll(async () => {
    // The instance's SMTP_URL names this port (support/start-server.ts).
    smtp = await startSmtpServer({ port: E2E_SMTP_PORT });
  });
  test.afterAll(async () => {
    await smtp?.close();
  });

  test('a member sets an email on the profile; the request from it is mailed, linked to the member, and removed in one confirmed step', async ({
    page,
    browser,
    adminApi,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const username = `dewi${tag}`;
    const address = `dewi-${tag}@contoh.co.id`;
    const created = await adminApi.post('/api/admin/users', { data: { username, password: 'dewi-password-1', role: 'user' } });
    expect(created.status()).toBe(201);
    const login = await adminApi.post('/api/auth/login', { data: { username, password: 'dewi-password-1' } });
    const { token } = (await login.json()) as { token: string };

    // The member saves the address on the profile (user menu, "Profil").
    const memberContext = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: 'token', value: token }] }] },
    });
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/#/');
    await memberPage.getByRole('button', { name: 'Profil' }).first().click();
    const dialog = memberPage.getByRole('dialog', { name: 'Profil' });
    const emailField = dialog.getByRole('textbox', { name: 'Email (opsional)' });
    await emailField.fill('bukan-email');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText('Masukkan alamat email yang valid.')).toBeVisible();
    await emailField.fill(address.toUpperCase());
    await expectNoSeriousA11yViolations(memberPage);
    for (const size of [DESKTOP, PHONE]) {
      await memberPage.setViewportSize(size);
      await saveScreenshot(memberPage, testInfo, 'profile-email');
    }
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(memberPage.getByText(`Email disimpan: ${address}.`)).toBeVisible();
    await memberContext.close();

    // A visitor asks from the public page, which says mail goes out.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const publicPage = await visitor.newPage();
    await publicPage.goto('/#/data-deletion');
    await expect(publicPage.getByText(DELETION_NOTICE_MAIL)).toBeVisible();
    await expect(publicPage.getByText('konfirmasi penerimaan permintaan dikirim ke email Anda.')).toBeVisible();
    await publicPage.getByRole('textbox', { name: 'Alamat email' }).fill(address);
    await publicPage.getByRole('button', { name: 'Kirim Permintaan' }).click();
    const sent = publicPage.getByRole('status').filter({ hasText: 'Permintaan terkirim' });
    await expect(sent).toContainText('Konfirmasi dikirim ke email Anda');
    const code = /kode ([0-9A-F]{8})/.exec((await sent.textContent()) ?? '')?.[1] ?? '';
    expect(code).toMatch(/^[0-9A-F]{8}$/);
    await expectNoSeriousA11yViolations(publicPage);
    for (const size of [DESKTOP, PHONE]) {
      await publicPage.setViewportSize(size);
      await saveScreenshot(publicPage, testInfo, 'data-deletion-mail-on');
    }
    await visitor.close();

    // The worker mailed the confirmation over SMTP.
    const confirmation = await smtp.waitFor((m) => m.to.includes(address) && m.subject.includes('diterima'));
    expect(confirmation.subject).toBe(`Permintaan penghapusan data diterima (kode ${code})`);
    expect(confirmation.fromAddress).toBe('noreply@scrapper.test');
    expect(confirmation.text).toContain(`Kode permintaan: ${code}`);
    expect(confirmation.text).toContain('Yang terjadi selanjutnya:');

    // The admin's tab names the member, links to the account and removes it in one confirmed step.
    await page.goto('/#/admin?tab=deletion-requests');
    const table = page.getByRole('table', { name: 'Daftar permintaan hapus data' });
    const row = table.getByRole('row').filter({ hasText: address });
    await expect(row.getByRole('link', { name: `Akun ${username} di Manajemen Pengguna` })).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(`Kode ${code}`);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'admin-deletion-member-link');
    }
    await page.setViewportSize(DESKTOP);
    await row.getByRole('button', { name: 'Hapus data anggota' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Hapus data anggota' });
    await expect(confirm).toContainText(`Hapus akun ${username} beserta semua datanya`);
    await saveScreenshot(page, testInfo, 'admin-deletion-remove-confirm');
    await confirm.getByRole('button', { name: 'Hapus data' }).click();
    await expect(page.getByText(`Akun ${username} dan datanya dihapus. Permintaan ${code} selesai.`)).toBeVisible();
    await expect(row).toContainText('Tidak ada akun dengan email ini');
    await expect(row.getByRole('combobox')).toHaveValue('done');

    const users = (await (await adminApi.get('/api/admin/users')).json()) as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain(username);
    const done = await smtp.waitFor((m) => m.to.includes(address) && m.subject.includes('selesai'));
    expect(done.subject).toBe(`Permintaan penghapusan data selesai (kode ${code})`);
  });
});
