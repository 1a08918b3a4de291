import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

// The admin's code generator (spec part 1, section 2) against the real generator endpoint.

test.use({ loginAs: 'admin' });

const CODE_KEYS = [
  'dataParser',
  'scrapeWorker',
  'ytdlpService',
  'previewController',
  'downloaderPage',
  'videoList',
];

async function openGenerator(page: Page) {
  await page.goto('/#/admin?tab=actors');
  const table = page.getByRole('table', { name: 'Daftar konfigurasi aktor' });
  await table.getByRole('button', { name: 'Generate Code tiktok' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generator Kode Otomatis - TikTok' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('generate, switch tabs, copy and download the code of an actor', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dialog = await openGenerator(page);
  const config = dialog.getByRole('region', { name: 'Konfigurasi Aktor' });
  await expect(config).toContainText('"platformId": "tiktok"');
  await expect(config).toContainText('"actorId": "clockworks/tiktok-scraper"');
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Hasilkan Kode' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Hasilkan Kode' }).click();
  const tabs = dialog.getByRole('tab');
  await expect(tabs).toHaveText(CODE_KEYS);
  await expect(dialog.getByRole('tab', { name: 'dataParser' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const code = dialog.getByRole('tabpanel').locator('pre');
  await expect(dialog.getByRole('tabpanel')).toContainText('tiktok_dataParser.js');
  await expect(code).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page);

  // Every tab has its own file; arrow keys move between them too.
  const texts = new Set<string>();
  for (const key of CODE_KEYS) {
    await dialog.getByRole('tab', { name: key }).click();
    await expect(dialog.getByRole('tabpanel')).toContainText(`tiktok_${key}.js`);
    texts.add((await code.textContent()) ?? '');
  }
  expect(texts.size).toBe(CODE_KEYS.length);
  await dialog.getByRole('tab', { name: 'videoList' }).press('Home');
  await expect(dialog.getByRole('tab', { name: 'dataParser' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'scrapeWorker' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'codegen', { fullPage: false });
    // The code scrolls inside its box; the dialog itself never gets wider than the screen.
    const box = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
    const dialogOverflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);

  // Copy: the selected tab's code lands on the clipboard.
  const workerCode = (await code.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Kode berhasil disalin ke clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(workerCode);

  // Download: {platformId}_{codeKey}.js of the selected tab, with that tab's code.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('tiktok_scrapeWorker.js');
  const saved = await download.path();
  expect(await readFile(saved, 'utf8')).toBe(workerCode);

  await dialog.getByRole('button', { name: 'Tutup', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Generate Code tiktok' })).toBeFocused();
});

test("a failed copy says 'Gagal menyalin kode ke clipboard'", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  const dialog = await openGenerator(page);
  await dialog.getByRole('button', { name: 'Hasilkan Kode' }).click();
  await expect(dialog.getByRole('tab')).toHaveCount(CODE_KEYS.length);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Gagal menyalin kode ke clipboard')).toBeVisible();
});

test("a refused generation says 'Gagal menghasilkan kode: {msg}'", async ({ page }) => {
  await page.route('**/api/config/generate-code', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Terjadi kesalahan pada server.',
      }),
    }),
  );
  const dialog = await openGenerator(page);
  await dialog.getByRole('button', { name: 'Hasilkan Kode' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Gagal menghasilkan kode: Terjadi kesalahan pada server.',
  );
  await expect(dialog.getByRole('tab')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});
