import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures.ts';

test.use({ loginAs: 'member' });

test('a user does not see Admin and is sent from /admin to the dashboard', async ({ page }) => {
  await page.goto('/#/');
  const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
  await expect(nav.getByRole('link')).toHaveText([
    'Scraper',
    'Analytics',
    'YouTube Upload',
    'Downloader',
    'Riwayat',
    'File Manager',
  ]);
  await page.goto('/#/admin');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Scraper' })).toBeVisible();
});

// `built`: the page has its content; the others say plainly that they are not built yet.
const pages = [
  { path: '/', title: 'Dashboard Scraper', built: true },
  { path: '/analytics', title: 'Analytics', built: true },
  { path: '/youtube', title: 'YouTube Upload', built: false },
  { path: '/downloader', title: 'Downloader', built: true },
  { path: '/history', title: 'Riwayat Unduhan', built: true },
  { path: '/files', title: 'File Manager', built: true },
];

test('every page of the sidebar has its title, says so when it is not built yet, and passes axe', async ({
  page,
}) => {
  for (const { path, title, built } of pages) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Halaman ini belum tersedia.')).toHaveCount(built ? 0 : 1);
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
