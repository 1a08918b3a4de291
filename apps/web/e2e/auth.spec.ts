import { ADMIN } from './support/env.ts';
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
