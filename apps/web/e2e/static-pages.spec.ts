import type { Page } from '@playwright/test';
import { DELETION_NOTICE_MAIL, DELETION_NOTICE_NO_MAIL, deletionConfirmation } from '@scrapper/contracts/http/data-deletion';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

// The three public pages (spec part 2, section 2), opened by a visitor who is not logged in.

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

async function checkAtBothSizes(
  page: Page,
  testInfo: Parameters<typeof saveScreenshot>[1],
  name: string,
) {
  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, name);
    await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize(DESKTOP);
}

test('the privacy policy is public, dated 30 September 2025, and covers Google user data', async ({
  page,
}, testInfo) => {
  await page.goto('/#/privacy-policy');
  await expect(page).toHaveURL(/#\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' })).toBeVisible();
  await expect(page.getByText('Terakhir diperbarui: 30 September 2025')).toBeVisible();
  await expect(page).toHaveTitle('Kebijakan Privasi - Scrapper');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^1\. /);

  await expect(
    page.getByRole('link', { name: /Kebijakan Data Pengguna Layanan Google API/ }),
  ).toHaveAttribute('href', 'https://developers.google.com/terms/api-services-user-data-policy');
  await expect(page.getByRole('link', { name: /Persyaratan Layanan YouTube/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/t/terms',
  );
  await expect(page.getByRole('link', { name: /Kebijakan Privasi Google/ })).toHaveAttribute(
    'href',
    'https://policies.google.com/privacy',
  );
  await expect(page.getByRole('link', { name: /izin akun Google/ })).toHaveAttribute(
    'href',
    'https://myaccount.google.com/permissions',
  );
  await expect(page.getByText(/terenkripsi/)).toBeVisible();
  await checkAtBothSizes(page, testInfo, 'privacy-policy');

  // Retention points to the deletion page; the footer leads back to the login.
  await page
    .getByRole('region', { name: /Masa penyimpanan/ })
    .getByRole('link', { name: 'Penghapusan Data Pengguna' })
    .click();
  await expect(page).toHaveURL(/#\/data-deletion$/);
  await page.goto('/#/privacy-policy');
  await page.getByRole('link', { name: /Kembali ke halaman login/ }).click();
  await expect(page).toHaveURL(/#\/login$/);
});

test('the terms of service are public and have 12 numbered sections', async ({
  page,
}, testInfo) => {
  await page.goto('/#/terms-of-service');
  await expect(page).toHaveURL(/#\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ketentuan Layanan' })).toBeVisible();
  const sections = page.getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(12);
  const numbers = (await sections.allTextContents()).map((text) => Number(text.split('.')[0]));
  expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  await checkAtBothSizes(page, testInfo, 'terms-of-service');

  const others = page.getByRole('navigation', { name: 'Dokumen lain' }).getByRole('link');
  await expect(others).toHaveText(['Kebijakan Privasi', 'Penghapusan Data Pengguna']);
});

test.describe('data deletion request', () => {
  function form(page: Page) {
    return {
      email: page.getByRole('textbox', { name: 'Alamat email' }),
      submit: page.getByRole('button', { name: 'Kirim Permintaan' }),
    };
  }

  test('the email is validated before anything is sent', async ({ page }, testInfo) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      // The page's own GET (whether mail is on) is not a request being sent.
      if (request.url().includes('/api/auth/delete-account') && request.method() !== 'GET') sent.push(request.url());
    });
    await page.goto('/#/data-deletion');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Penghapusan Data Pengguna' }),
    ).toBeVisible();
    await expect(page.getByText(/24-48 jam/)).toBeVisible();
    await expect(page.getByText(/7 hari/).first()).toBeVisible();
    await expect(page.getByText(/Paling lama 30 hari/)).toBeVisible();
    await checkAtBothSizes(page, testInfo, 'data-deletion');

    const { email, submit } = form(page);
    await submit.click();
    await expect(page.getByText('Email wajib diisi.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await email.fill('budi@contoh');
    await submit.click();
    await expect(page.getByText('Masukkan alamat email yang valid.')).toBeVisible();
    await expect(email).toBeFocused();
    // Typing clears the complaint until the next attempt.
    await email.pressSequentially('.id');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Masukkan alamat email yang valid.')).toHaveCount(0);
    expect(sent).toEqual([]);

    await page.setViewportSize(PHONE);
    await email.fill('bukan-email');
    await submit.click();
    await saveScreenshot(page, testInfo, 'data-deletion-invalid');
    await page.setViewportSize(DESKTOP);
  });

  test("a valid address is sent and the server's confirmation shown", async ({
    page,
    adminApi,
  }, testInfo) => {
    await page.goto('/#/data-deletion');
    const address = `hapus-${Date.now().toString(36)}@contoh.co.id`;
    const { email, submit } = form(page);
    await email.fill(`  ${address} `);
    await submit.click();
    // The e2e instance has SMTP_URL: the page says mail goes out, and the answer carries the code.
    await expect(page.getByText(DELETION_NOTICE_MAIL)).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'Permintaan terkirim' });
    await expect(status).toContainText(/kode [0-9A-F]{8}/);
    const code = /kode ([0-9A-F]{8})/.exec((await status.textContent()) ?? '')?.[1] ?? '';
    await expect(status).toContainText(deletionConfirmation(code, true));
    await expect(email).toHaveValue('');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, testInfo, 'data-deletion-sent');
    await page.setViewportSize(DESKTOP);

    const list = await adminApi.get('/api/admin/deletion-requests');
    const { requests } = (await list.json()) as { requests: { email: string }[] };
    expect(requests.map((r) => r.email)).toContain(address);
  });

  test('on a server without SMTP_URL the page promises no email and says an admin handles the request', async ({
    page,
  }, testInfo) => {
    // The e2e instance mails; this server's answer (apps/api data-deletion.integration.test.ts
    // proves it for a server without SMTP_URL) is given to the page as such a server gives it.
    await page.route('**/api/auth/delete-account', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { mailEnabled: false, notice: DELETION_NOTICE_NO_MAIL } })
        : route.fallback(),
    );
    await page.goto('/#/data-deletion');
    await expect(page.getByText(DELETION_NOTICE_NO_MAIL)).toBeVisible();
    await expect(page.getByText('admin menghubungi Anda di alamat email yang Anda berikan.')).toBeVisible();
    await expect(page.getByText('konfirmasi penerimaan permintaan dikirim ke email Anda.')).toHaveCount(0);
    await expect(page.getByText('Konfirmasi dikirim ke alamat ini.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'data-deletion-no-mail');
    }
    await page.setViewportSize(DESKTOP);
  });

  test('no answer from the server says to try again or contact support', async ({ page }) => {
    await page.route('**/api/auth/delete-account', (route) => route.abort('connectionrefused'));
    await page.goto('/#/data-deletion');
    const { email, submit } = form(page);
    await email.fill('budi@contoh.co.id');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Permintaan tidak dapat dikirim. Periksa koneksi internet Anda lalu coba lagi, atau hubungi administrator jika masalah berlanjut.',
    );
    await expect(email).toHaveValue('budi@contoh.co.id');
  });

  // Last in the file: it uses up this address's hourly allowance of requests.
  test("the server's refusal is shown as 'Error: ' plus its message", async ({ page }) => {
    // The form takes 5 requests per address an hour; the allowance is used up directly.
    await page.goto('/#/data-deletion');
    for (let i = 0; i < 6; i++) {
      await page.request.post('/api/auth/delete-account', {
        data: { email: `batas-${i}-${Date.now().toString(36)}@contoh.co.id` },
      });
    }
    const { email, submit } = form(page);
    await email.fill('budi@contoh.co.id');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(/^Error: Terlalu banyak permintaan\./);
    await expectNoSeriousA11yViolations(page);
  });
});

// Issue 20: the browser asked for /favicon.ico and got 404; pages had no meta description.
test('the favicon is served and every page has a meta description', async ({ page, request }) => {
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^image\//);
    expect((await response.body()).length, path).toBeGreaterThan(100);
  }
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  for (const path of ['/#/privacy-policy', '/#/login']) {
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Scrapper: .{40,}/,
    );
    const icons = page.locator('link[rel="icon"]');
    await expect(icons).toHaveCount(2);
    // Whatever icon the browser picks, it loads.
    const href = await icons.first().getAttribute('href');
    expect((await request.get(href ?? '')).status()).toBe(200);
  }
  expect(missing, 'requests answered 404').toEqual([]);
});
