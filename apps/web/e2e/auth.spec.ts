import { ADMIN, BASE_URL } from './support/env.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.describe('login as a visitor', () => {
  test('shows the login form, accessible at desktop and phone widths', async ({
    page,
  }, testInfo) => {
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'login');
    }
  });

  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username wajib diisi.')).toBeVisible();
    await expect(page.getByText('Password wajib diisi.')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeFocused();
  });

  test('shows the failure message for wrong credentials', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Login gagal. Periksa kembali username dan password Anda.',
    );
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('after repeated wrong passwords, says in Indonesian how long to wait (429)', async ({
    page,
    adminApi,
  }) => {
    // A member of this test only: the wait holds this username at this address for a while.
    const username = `e2e-tunggu-${Date.now().toString(36)}`;
    const created = await adminApi.post('/api/admin/users', {
      data: { username, password: 'tunggu-benar-123', role: 'user' },
    });
    expect(created.ok()).toBe(true);
    await page.goto('/#/login');
    await page.getByLabel('Username').fill(username);
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    const alert = page.getByRole('alert');
    // The first wrong passwords are answered at once (LOGIN_DELAY_AFTER_FAILURES, 3 by default).
    for (let i = 0; i < 3; i++) {
      await password.fill(`salah-${i}-xyz`);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(alert).toHaveText('Login gagal. Periksa kembali username dan password Anda.');
      await page.getByLabel('Username').fill(username);
    }
    await password.fill('tunggu-benar-123');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(alert).toHaveText(/^Terlalu banyak percobaan login\. Coba lagi dalam \d+ detik\.$/);
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('returns to the page the visitor came from, replacing the login entry', async ({ page }) => {
    await page.goto('/#/history');
    await expect(page).toHaveURL(/#\/login$/);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/#\/history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // /login was replaced, so Back leaves the app rather than showing the form again.
    await page.goBack();
    await expect(page).not.toHaveURL(/#\/login/);
  });
});

test.describe('session of a logged-in admin', () => {
  test.use({ loginAs: 'admin' });

  test('logs out from the sidebar', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Scraper' })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByText('admin', { exact: true }).first()).toBeVisible();
    await sidebar.getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/#/files');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('on /login shows who is logged in and allows logging in again', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByText('Anda sudah login sebagai admin (role: admin).')).toBeVisible();
    await page.getByRole('button', { name: 'Login dengan akun lain' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

// Issue 20: members change their own password from the user menu; other sessions end, this
// one goes on. A member of this test only (the shared member's password must not change).
test.describe('Ganti Password', () => {
  test.use({ loginAs: 'member' });

  test('wrong current password and a mismatch are refused; a change keeps this session and ends the others', async ({
    browser,
    adminApi,
    playwright,
  }, testInfo) => {
    test.setTimeout(90_000);
    const username = `e2e-sandi-${Date.now().toString(36)}`;
    const oldPassword = 'sandi-lama-123';
    const newPassword = 'sandi-baru-456';
    const created = await adminApi.post('/api/admin/users', {
      data: { username, password: oldPassword, role: 'user' },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    const login = async (password: string) =>
      adminApi.post('/api/auth/login', { data: { username, password } });
    const { token } = (await (await login(oldPassword)).json()) as { token: string };
    // Another session of the same member (another device), signed a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { token: otherToken } = (await (await login(oldPassword)).json()) as { token: string };
    const other = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { Authorization: `Bearer ${otherToken}` },
    });
    const context = await browser.newContext({
      baseURL: BASE_URL,
      storageState: {
        cookies: [],
        origins: [{ origin: BASE_URL, localStorage: [{ name: 'token', value: token }] }],
      },
    });
    try {
      const page = await context.newPage();
      await page.goto('/#/');
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await sidebar.getByRole('button', { name: 'Ganti Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ganti Password' });
      await expect(dialog).toBeVisible();

      // Checked before sending: the two new ones must match.
      await dialog.getByRole('textbox', { name: 'Password saat ini', exact: true }).fill(oldPassword);
      await dialog.getByRole('textbox', { name: 'Password baru', exact: true }).fill(newPassword);
      await dialog.getByRole('textbox', { name: 'Ulangi password baru', exact: true }).fill('sandi-lain-789');
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await expect(dialog).toContainText('Konfirmasi password baru tidak cocok.');

      // The server refuses a wrong current password; the member stays logged in.
      await dialog.getByRole('textbox', { name: 'Password saat ini', exact: true }).fill('bukan-sandinya');
      await dialog.getByRole('textbox', { name: 'Ulangi password baru', exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Password saat ini salah.');
      await expect(page).toHaveURL(/#\/$/);
      await expectNoSeriousA11yViolations(page);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await saveScreenshot(page, testInfo, 'change-password', { fullPage: false });
      }
      await page.setViewportSize(DESKTOP);

      // "Cabut juga semua Token API" is offered, checked by default; the member's token ends too.
      const personal = await adminApi.post('/api/me/tokens', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: 'skrip', scope: 'read' },
      });
      expect(personal.status()).toBe(201);
      const { secret } = (await personal.json()) as { secret: string };
      await expect(dialog.getByRole('checkbox', { name: 'Cabut juga semua Token API' })).toBeChecked();
      await dialog.getByRole('textbox', { name: 'Password saat ini', exact: true }).fill(oldPassword);
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Password berhasil diganti.', { exact: false })).toContainText('1 Token API dicabut.');
      const scripted = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
      expect((await scripted.get('/api/auth/me')).status()).toBe(401);
      await scripted.dispose();

      // This session goes on (on the fresh token)...
      await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Riwayat' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
      const stored = await page.evaluate(() => localStorage.getItem('token'));
      expect(stored).not.toBe(token);
      // ...the other one has ended, and only the new password logs in.
      expect((await other.get('/api/auth/me')).status()).toBe(401);
      expect((await login(oldPassword)).status()).toBe(401);
      expect((await login(newPassword)).status()).toBe(200);
    } finally {
      await context.close();
      await other.dispose();
      await adminApi.delete(`/api/admin/users/${id}`);
    }
  });

  test('is in the user menu on a phone too', async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/#/');
    await page.getByRole('button', { name: 'Menu navigasi' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('button', { name: 'Ganti Password' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'user-menu', { fullPage: false });
    await sidebar.getByRole('button', { name: 'Ganti Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Ganti Password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Ganti Password' })).toBeHidden();
  });
});
