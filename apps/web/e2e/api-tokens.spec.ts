// Personal API tokens (issue 21 item 2) in a real Chromium against the real API: a member makes
// a token on the "Token API" page, sees it once with a copy button, calls the API with it,
// and revokes it; an admin sees every member's tokens on the same page and revokes one.
import { BASE_URL, MEMBER } from './support/env.ts';
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.describe('a member', () => {
  test.use({ loginAs: 'member' });

  test('creates a token, sees it once, calls the API with it, and revokes it', async ({ page, context, playwright }, testInfo) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const name = `skrip-${testInfo.retry}-${Date.now().toString(36)}`;
    await page.goto('/#/');
    await page.getByRole('link', { name: 'Token API' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Token API' })).toBeVisible();
    // A member sees no admin section.
    await expect(page.getByRole('heading', { name: 'Semua token member (admin)' })).toHaveCount(0);

    await page.getByLabel('Nama token').fill(name);
    await page.getByLabel('Scope').selectOption('write');
    await page.getByRole('button', { name: 'Buat token' }).click();

    const secretBox = page.getByRole('textbox', { name: 'Token API' });
    await expect(secretBox).toHaveValue(/^scr_[A-Za-z0-9_-]{43}$/);
    const secret = await secretBox.inputValue();
    await expect(page.getByText('Token tidak akan ditampilkan lagi')).toBeVisible();
    await page.getByRole('button', { name: 'Salin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Token disalin' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'api-tokens-created');
    }
    await page.setViewportSize(DESKTOP);

    // The token, outside the browser: it acts as the member, and cannot manage tokens.
    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    const auth = { Authorization: `Bearer ${secret}` };
    const me = await api.get('/api/auth/me', { headers: auth });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe(MEMBER.username);
    const mint = await api.post('/api/me/tokens', { headers: auth, data: { name: 'anak', scope: 'write' } });
    expect(mint.status()).toBe(403);

    // Once dismissed, the secret is gone from the page; the list says when it was last used.
    await page.getByRole('button', { name: 'Sudah saya simpan' }).click();
    await expect(secretBox).toHaveCount(0);
    await page.reload();
    const list = page.getByRole('list', { name: 'Token API saya' });
    const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(item).toBeVisible();
    await expect(item).not.toContainText('Belum pernah');
    await expect(page.getByText(secret)).toHaveCount(0);

    await item.getByRole('button', { name: `Cabut token ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cabut token API' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cabut' }).click();
    await expect(item).toHaveCount(0);

    const after = await api.get('/api/auth/me', { headers: auth });
    expect(after.status()).toBe(401);
    await api.dispose();
  });

  test('a name over 100 characters is refused with a clear message and nothing is made', async ({ page, memberApi }) => {
    const count = async () => ((await (await memberApi.get('/api/me/tokens')).json()) as { tokens: unknown[] }).tokens.length;
    const before = await count();
    await page.goto('/#/api-tokens');
    // The field stops at 100 characters; the API says the same to a client that does not.
    await page.getByLabel('Nama token').fill('x'.repeat(120));
    await expect(page.getByLabel('Nama token')).toHaveValue('x'.repeat(100));
    await page.getByLabel('Nama token').fill('   ');
    await page.getByRole('button', { name: 'Buat token' }).click();
    await expect(page.getByText('Nama token wajib diisi.')).toBeVisible();
    expect(await count()).toBe(before);
  });
});

test.describe('an admin', () => {
  test.use({ loginAs: 'admin' });

  test("lists every member's tokens and revokes one", async ({ page, memberApi, playwright }, testInfo) => {
    test.setTimeout(90_000);
    const name = `milik-member-${testInfo.retry}-${Date.now().toString(36)}`;
    const created = await memberApi.post('/api/me/tokens', { data: { name, scope: 'read' } });
    expect(created.status()).toBe(201);
    const { secret } = (await created.json()) as { secret: string };

    await page.goto('/#/api-tokens');
    const all = page.getByRole('list', { name: 'Token API semua member' });
    const item = all.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(item).toContainText(MEMBER.username);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'api-tokens-admin');
    }
    await page.setViewportSize(DESKTOP);

    await item.getByRole('button', { name: `Cabut token ${name} milik ${MEMBER.username}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cabut token member' });
    await dialog.getByRole('button', { name: 'Cabut' }).click();
    await expect(item).toHaveCount(0);

    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    const res = await api.get('/api/auth/me', { headers: { Authorization: `Bearer ${secret}` } });
    expect(res.status()).toBe(401);
    await api.dispose();
  });
});
