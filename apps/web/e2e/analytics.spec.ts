import type { APIRequestContext, Page } from '@playwright/test';
import { ensureActiveApifyKey } from './support/admin-api.ts';
import { APIFY_TOKENS, SCENARIO_WORDS } from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';
import { scrapeKeyword } from './support/scrape-api.ts';

// The analytics page against real figures: the admin scrapes the fake's media scenario and
// downloads two of its items through the batch API (one of them points at a 404, so it
// fails), then the page must show what GET /api/analytics/dashboard says.

interface Analytics {
  totalDownloads: number;
  downloadsLast7Days: number;
  downloadsLast30Days: number;
  successRate: number | null;
  storageEstimate: string;
  totalUsers?: number;
  downloadsByPlatform: { platform: string; count: number }[];
  dailyDownloads: { date: string; downloads: number }[];
  recentDownloads: { platform: string; title: string; createdAt: string; username?: string }[];
  scrapeCosts: {
    monthly: MonthCost[];
    byMember?: { userId: string; username: string; monthly: MonthCost[] }[];
  };
}

interface MonthCost {
  month: string;
  totalUsd: number;
  runs: number;
  runsWithoutCost: number;
}

/** How the page shows a cost: US dollars, four decimals. */
function usd(value: number): string {
  return `$${value.toFixed(4)}`;
}

const monthName = new Intl.DateTimeFormat('id-ID', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-10' as the page names it: 'Oktober 2026'. */
function monthLabel(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return monthName.format(new Date(Date.UTC(year, number - 1, 15)));
}

function costCard(page: Page) {
  return page.getByRole('region', { name: 'Biaya Scraping (Apify)' });
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: HTTP ${response.status()}`);
  return (await response.json()) as T;
}

/** Two batch downloads of the media scenario, one that succeeds and one that fails. */
async function downloadTwoItems(api: APIRequestContext): Promise<void> {
  const keyword = `${SCENARIO_WORDS.media}-${Date.now().toString(36)}`;
  const { fileName } = await scrapeKeyword(api, keyword);
  const { items } = await json<{ items: { id: string; title: string }[] }>(
    await api.get('/api/data/items', { params: { filename: fileName } }),
  );
  const itemIds = items
    .filter((item) => item.title === 'Klip tiga detik' || item.title === 'Klip yang hilang')
    .map((item) => item.id);
  expect(itemIds).toHaveLength(2);
  let batch = await json<{ id: string; done: boolean }>(
    await api.post('/api/media/batches', {
      data: { filename: fileName, itemIds, quality: 'best' },
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!batch.done) {
    if (Date.now() > deadline) throw new Error('the batch did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
    batch = await json(await api.get(`/api/media/batches/${batch.id}`));
  }
}

const idNumber = new Intl.NumberFormat('id-ID');
const idDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** The value (dd) under a card's label (dt). */
function statValue(page: Page, label: string) {
  return page
    .locator('.stat-card', { has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');
}

async function openAnalytics(page: Page) {
  await page.goto('/#/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unduhan Harian' })).toBeVisible();
}

test.describe('as the admin', () => {
  test.use({ loginAs: 'admin' });

  test.beforeAll(async ({ adminApi }) => {
    test.setTimeout(120_000);
    await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
    await downloadTwoItems(adminApi);
  });

  test('the cards, charts and recent downloads show the server figures', async ({
    page,
    adminApi,
  }, testInfo) => {
    await openAnalytics(page);
    const figures = await json<Analytics>(await adminApi.get('/api/analytics/dashboard'));
    expect(figures.totalDownloads).toBeGreaterThanOrEqual(1);

    await expect(page.getByRole('term')).toHaveText([
      'Total Unduhan',
      '7 Hari Terakhir',
      '30 Hari Terakhir',
      'Tingkat Keberhasilan',
      'Perkiraan Penyimpanan',
      'Total Pengguna',
    ]);
    await expect(statValue(page, 'Total Unduhan').locator('.stat-card__number')).toHaveText(
      idNumber.format(figures.totalDownloads),
    );
    // Says what it counts besides Riwayat's entries (issue 20).
    await expect(statValue(page, 'Total Unduhan')).toContainText('termasuk yang sudah dihapus dari Riwayat');
    await expect(statValue(page, '7 Hari Terakhir')).toHaveText(
      idNumber.format(figures.downloadsLast7Days),
    );
    await expect(statValue(page, 'Tingkat Keberhasilan')).toContainText(
      `${idDecimal.format(figures.successRate ?? -1)}%`,
    );
    // One of the two downloads failed: the rate is below 100.
    expect(figures.successRate).toBeLessThan(100);
    await expect(statValue(page, 'Perkiraan Penyimpanan')).toContainText(figures.storageEstimate);
    await expect(statValue(page, 'Total Pengguna')).toHaveText(
      idNumber.format(figures.totalUsers ?? -1),
    );

    // Daily chart: an image with a summary, the figures in a table, bars of at least 20 px.
    const chart = page.getByRole('img', { name: /Grafik unduhan harian, 7 hari terakhir/ });
    await expect(chart).toBeVisible();
    const table = page.getByRole('table', { name: 'Unduhan harian, 7 hari terakhir' });
    await expect(table.getByRole('row')).toHaveCount(8);
    const today = figures.dailyDownloads.at(-1);
    expect(today?.downloads).toBeGreaterThanOrEqual(1);
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(
      idNumber.format(today?.downloads ?? -1),
    );
    const bars = chart.locator('rect');
    await expect(bars).toHaveCount(figures.dailyDownloads.filter((d) => d.downloads > 0).length);
    for (const bar of await bars.all()) {
      const box = await bar.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(20);
    }

    const platforms = page.getByRole('list', { name: 'Unduhan per platform' });
    await expect(platforms.getByRole('listitem').filter({ hasText: 'TikTok' })).toContainText(
      'unduhan',
    );

    const recent = page.getByRole('table', { name: 'Unduhan terbaru' });
    await expect(recent.getByRole('columnheader')).toHaveText([
      'Judul',
      'Platform',
      'Waktu',
      'Pengguna',
    ]);
    await expect(
      recent.getByRole('row').filter({ hasText: 'Klip tiga detik' }).first(),
    ).toContainText('admin');

    // Apify costs: this month's total of everyone, six months, and each member's this month.
    const costs = figures.scrapeCosts;
    const thisMonth = costs.monthly.at(-1);
    expect(thisMonth?.runs).toBeGreaterThanOrEqual(1);
    expect(thisMonth?.totalUsd).toBeGreaterThan(0);
    const card = costCard(page);
    await expect(card.getByText(/^Total bulan ini/)).toHaveText(
      `Total bulan ini (${monthLabel(thisMonth?.month ?? '')})`,
    );
    await expect(card.getByText(usd(thisMonth?.totalUsd ?? -1), { exact: true }).first()).toBeVisible();
    const months = card.getByRole('table', { name: 'Biaya scraping per bulan' });
    await expect(months.getByRole('columnheader')).toHaveText(['Bulan', 'Biaya', 'Run']);
    await expect(months.getByRole('row')).toHaveCount(7);
    await expect(months.getByRole('row').nth(1)).toContainText(monthLabel(thisMonth?.month ?? ''));
    await expect(months.getByRole('row').nth(1)).toContainText(usd(thisMonth?.totalUsd ?? -1));
    const adminCost = costs.byMember
      ?.find((member) => member.username === 'admin')
      ?.monthly.at(-1);
    expect(adminCost?.totalUsd).toBeGreaterThan(0);
    const perMember = card.getByRole('table', {
      name: `Biaya scraping per pengguna, ${monthLabel(thisMonth?.month ?? '')}`,
    });
    await expect(perMember.getByRole('columnheader')).toHaveText(['Pengguna', 'Biaya', 'Run']);
    await expect(perMember.getByRole('row', { name: /^admin/ })).toContainText(
      usd(adminCost?.totalUsd ?? -1),
    );
    // Another month: the fresh database has no runs then.
    const month = card.getByRole('combobox', { name: 'Bulan' });
    const earlier = costs.monthly[0]?.month ?? '';
    await month.selectOption(earlier);
    await expect(
      card.getByRole('table', { name: `Biaya scraping per pengguna, ${monthLabel(earlier)}` }),
    ).toContainText('Tidak ada scraping pada bulan ini.');
    await month.selectOption(thisMonth?.month ?? '');

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'analytics');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${size.width}px`).toBeLessThanOrEqual(0);
    }
  });

  test('the page links to the three policy pages', async ({ page }) => {
    await openAnalytics(page);
    const links = page.getByRole('region', { name: 'Privasi dan Data' }).getByRole('link');
    await expect(links).toHaveText([
      'Kebijakan Privasi',
      'Ketentuan Layanan',
      'Penghapusan Data Pengguna',
    ]);
    await links.filter({ hasText: 'Ketentuan Layanan' }).click();
    await expect(page).toHaveURL(/#\/terms-of-service$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ketentuan Layanan' })).toBeVisible();
    // Logged in, the way back leads to the app rather than to the login.
    await page.getByRole('link', { name: /Kembali ke aplikasi/ }).click();
    await expect(page).toHaveURL(/#\/$/);
  });

  test("a failed load says 'Gagal memuat data analytics' and 'Coba lagi' recovers", async ({
    page,
  }) => {
    await page.route('**/api/analytics/dashboard', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'x' }),
      }),
    );
    await page.goto('/#/analytics');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Gagal memuat data analytics');
    await expectNoSeriousA11yViolations(page);
    await page.unroute('**/api/analytics/dashboard');
    await alert.getByRole('button', { name: 'Coba lagi' }).click();
    await expect(page.getByRole('img', { name: /Grafik unduhan harian/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('as a member', () => {
  test.use({ loginAs: 'member' });

  test.beforeAll(async ({ adminApi, memberApi }) => {
    test.setTimeout(90_000);
    await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
    // One scrape of the member's own this month, so their monthly cost is not zero.
    await scrapeKeyword(memberApi, `biaya-${Date.now().toString(36)}`);
  });

  test('the member sees their own figures, without user totals or usernames', async ({
    page,
    memberApi,
  }, testInfo) => {
    await openAnalytics(page);
    const figures = await json<Analytics>(await memberApi.get('/api/analytics/dashboard'));
    expect(figures.totalUsers).toBeUndefined();
    await expect(page.getByRole('term')).toHaveText([
      'Total Unduhan',
      '7 Hari Terakhir',
      '30 Hari Terakhir',
      'Tingkat Keberhasilan',
      'Perkiraan Penyimpanan',
    ]);
    await expect(statValue(page, 'Total Unduhan').locator('.stat-card__number')).toHaveText(
      idNumber.format(figures.totalDownloads),
    );
    // Says what it counts besides Riwayat's entries (issue 20).
    await expect(statValue(page, 'Total Unduhan')).toContainText('termasuk yang sudah dihapus dari Riwayat');
    // A rate with nothing to count is '-', never '0%'.
    await expect(statValue(page, 'Tingkat Keberhasilan').locator('.stat-card__number')).toHaveText(
      figures.successRate === null ? '-' : `${idDecimal.format(figures.successRate)}%`,
    );
    await expect(page.getByRole('columnheader', { name: 'Pengguna' })).toHaveCount(0);
    await expect(page.getByText('Angka dari unduhan Anda.')).toBeVisible();

    // Their own Apify costs only: this month's and the six months, no one else's.
    expect(figures.scrapeCosts.byMember).toBeUndefined();
    const thisMonth = figures.scrapeCosts.monthly.at(-1);
    expect(thisMonth?.totalUsd).toBeGreaterThan(0);
    const card = costCard(page);
    await expect(card.getByText(/^Biaya Anda bulan ini/)).toHaveText(
      `Biaya Anda bulan ini (${monthLabel(thisMonth?.month ?? '')})`,
    );
    await expect(card.getByText(usd(thisMonth?.totalUsd ?? -1), { exact: true }).first()).toBeVisible();
    await expect(card.getByRole('table', { name: 'Biaya scraping per bulan' }).getByRole('row')).toHaveCount(7);
    await expect(card.getByRole('heading', { name: 'Biaya per pengguna' })).toHaveCount(0);
    await expect(card.getByRole('combobox', { name: 'Bulan' })).toHaveCount(0);

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'analytics-member');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${size.width}px`).toBeLessThanOrEqual(0);
    }
  });
});
