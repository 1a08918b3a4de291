import { DESKTOP, PHONE, expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './support/fixtures.ts';

test.use({ loginAs: 'member' });

test("a user does not see Admin, and /admin says 'Halaman ini hanya untuk admin.'", async ({ page }, testInfo) => {
  await page.goto('/#/');
  const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
  await expect(nav.getByRole('link')).toHaveText([
    'Scraper',
    'Analytics',
    'YouTube Upload',
    'Publikasikan',
    'Otomasi',
    'Downloader',
    'Riwayat',
    'File Manager',
    'Ekstensi',
    'Webhook',
    'Token API',
  ]);
  await page.goto('/#/admin');
  // Told, not silently sent away (issue 20); the admin tabs are not there.
  await expect(page.getByRole('alert')).toContainText('Halaman ini hanya untuk admin.');
  await expect(page).toHaveURL(/#\/admin$/);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-only-member');
  }
  await page.getByRole('link', { name: 'Kembali ke Scraper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Scraper' })).toBeVisible();
});

// Every page of the sidebar is built: none says 'Halaman ini belum tersedia.' any more.
const pages = [
  { path: '/', title: 'Dashboard Scraper' },
  { path: '/analytics', title: 'Analytics' },
  { path: '/youtube', title: 'YouTube Upload' },
  { path: '/automations', title: 'Otomasi' },
  { path: '/downloader', title: 'Downloader' },
  { path: '/history', title: 'Riwayat Unduhan' },
  { path: '/files', title: 'File Manager' },
  { path: '/extension', title: 'Ekstensi & Cookie Saya' },
  { path: '/webhooks', title: 'Webhook' },
  { path: '/api-tokens', title: 'Token API' },
];

test('every page of the sidebar has its title and content, and passes axe', async ({ page }) => {
  // Seven pages, each with an axe run: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  for (const { path, title } of pages) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Halaman ini belum tersedia.')).toHaveCount(0);
    await expect(page).toHaveTitle(`${title} - Scrapper`);
    // Spec: the footer belongs to the downloader paths only.
    await expect(page.getByRole('contentinfo')).toHaveCount(path === '/downloader' ? 1 : 0);
    await expectNoSeriousA11yViolations(page);
  }
});

test('the sidebar marks the current page', async ({ page }) => {
  await page.goto('/#/');
  const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
  await nav.getByRole('link', { name: 'Riwayat' }).click();
  await expect(page).toHaveURL(/#\/history$/);
  await expect(nav.getByRole('link', { name: 'Riwayat' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Scraper' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});
