import { ensureActiveApifyKey } from './support/admin-api.ts';
import { APIFY_TOKENS } from './support/fake-apify-plan.ts';
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoSeriousA11yViolations,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

test.use({ loginAs: 'admin' });

interface SetupStatus {
  items: Array<{ id: string; done: boolean; optional: boolean }>;
  complete: boolean;
}

const TITLES: Record<string, string> = {
  'apify-key': 'Kunci API Apify',
  'youtube-client-secret': 'Client secret YouTube',
  'gemini-key': 'Kunci API Gemini',
  cookies: 'Cookie platform (opsional)',
};

// Specs share one product: other specs may have added keys or a client secret before this
// one runs. Each item is checked against what the API says, then the missing ones are added
// and the list ticks itself; once everything required is done it goes away.
test('the admin setup checklist shows what is done, links to the tabs and ticks itself', async ({
  page,
  adminApi,
}, testInfo) => {
  test.setTimeout(120_000);
  // Start with the Apify item open: no valid active Apify key (a retry finds one from before).
  // Deleting an active key hands activity on, so ask again after each one.
  for (let i = 0; i < 10; i++) {
    const keys = (await (await adminApi.get('/api/keys')).json()) as Array<{
      id: string;
      key: string;
      isActive: boolean;
      status: string;
    }>;
    const next = keys.find(
      (k) => (k.isActive && k.status === 'valid') || k.key === `…${APIFY_TOKENS.scrape.slice(-4)}`,
    );
    if (!next) break;
    await adminApi.delete(`/api/keys/${next.id}`);
  }
  const status = async () => (await (await adminApi.get('/api/admin/setup-status')).json()) as SetupStatus;
  const before = await status();
  expect(before.complete).toBe(false);

  await page.goto('/');
  const checklist = page.getByRole('region', { name: 'Persiapan Admin' });
  await expect(checklist).toBeVisible({ timeout: 20_000 });
  const item = (id: string) => checklist.getByRole('listitem').filter({ hasText: TITLES[id] });
  for (const { id, done, optional } of before.items) {
    await expect(item(id)).toContainText(
      done ? 'Selesai' : optional ? 'Belum diatur (opsional)' : 'Belum selesai',
    );
  }
  await expect(item('apify-key')).toContainText('Belum selesai');

  await expectNoSeriousA11yViolations(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreenshot(page, testInfo, 'admin-setup-checklist');
  }
  await page.setViewportSize(DESKTOP);

  // Each item links to its tab.
  await item('apify-key').getByRole('link', { name: 'Buka tab API Key' }).click();
  await expect(page).toHaveURL(/#\/admin\?tab=api-keys$/);
  await expect(page.getByRole('tab', { name: 'API Key' })).toHaveAttribute('aria-selected', 'true');

  // The admin adds a valid Apify key (through the form): back on the dashboard it is ticked.
  const apify = page
    .getByRole('region', { name: 'Manajemen API Key' })
    .getByRole('region', { name: 'Apify' });
  await apify.getByLabel('Kunci API Apify baru').fill(APIFY_TOKENS.scrape);
  await apify.getByRole('button', { name: 'Tambah Kunci' }).click();
  await expect(page.getByText(/Kunci API berhasil ditambahkan dan valid/)).toBeVisible();
  await page.goto('/');
  await expect(item('apify-key')).toContainText('Selesai', { timeout: 20_000 });

  // What is still missing is added through the API; the open dashboard ticks it on focus.
  const now = await status();
  const missing = now.items.filter((i) => !i.done && !i.optional).map((i) => i.id);
  if (missing.includes('youtube-client-secret')) {
    const res = await adminApi.post('/api/admin/client-secrets', {
      data: {
        name: 'Proyek checklist',
        clientId: `checklist-${Date.now()}.apps.googleusercontent.com`,
        clientSecret: 'GOCSPX-checklist-secret',
      },
    });
    expect(res.status()).toBe(201);
  }
  if (missing.includes('gemini-key')) {
    const res = await adminApi.post('/api/admin/gemini-keys', {
      data: { key: 'e2e-gemini-checklist-44444444', label: 'Checklist' },
    });
    expect(res.status()).toBe(201);
  }
  expect((await status()).complete).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  // Every required item done: the checklist is gone.
  await expect(checklist).toBeHidden({ timeout: 20_000 });

  // Leave the other specs the Apify key they expect.
  await ensureActiveApifyKey(adminApi, APIFY_TOKENS.scrape);
});
