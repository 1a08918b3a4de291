import {
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.describe('public pages', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/#/halaman-yang-tidak-ada');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Halaman Tidak Ditemukan' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the static pages open without logging in', async ({ page }) => {
    for (const [path, title] of [
      ['/privacy-policy', 'Kebijakan Privasi'],
      ['/terms-of-service', 'Ketentuan Layanan'],
      ['/data-deletion', 'Penghapusan Data Pengguna'],
    ] as const) {
      await page.goto(`/#${path}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`#${path}$`));
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('layout of a logged-in admin', () => {
  test.use({ loginAs: 'admin' });

  test('the notification toggle opens the notification panel and Escape closes it', async ({ page }) => {
    await page.goto('/#/');
    const toggle = page.getByRole('button', { name: /^Notifikasi/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Notifikasi' });
    await expect(panel).toBeVisible();
    // Either the list or the empty text: this admin may have been notified by other specs.
    await expect(panel.getByText('Tidak ada notifikasi.').or(panel.getByRole('list', { name: 'Daftar notifikasi' }))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the sidebar opens with its toggle and closes on the overlay or Escape', async ({
      page,
    }, testInfo) => {
      await page.goto('/#/');
      const toggle = page.getByRole('button', { name: 'Menu navigasi', exact: true });
      const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toHaveAttribute('aria-controls', 'app-sidebar');
      await expect(nav).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, testInfo, 'sidebar-open');

      // A click outside the drawer (on the overlay, right of it) closes it.
      await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(nav).toBeHidden();

      await toggle.click();
      await expect(nav).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      await expect(toggle).toBeFocused();

      // Following a link closes the drawer too.
      await toggle.click();
      await nav.getByRole('link', { name: 'Riwayat' }).click();
      await expect(page).toHaveURL(/#\/history$/);
      await expect(nav).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Unduhan' })).toBeVisible();
    });

    test('no page is wider than the phone, down to 360px', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ['/', '/admin', '/downloader', '/history', '/files', '/login']) {
        await page.goto(`/#${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      }
    });
  });
});
