// Signed webhooks (issue 21 item 3) in a real Chromium against the real API and worker: a member
// adds a webhook to a local receiver on the "Webhook" page, sees the secret once, presses
// "Kirim Tes", and sees the delivery row once the receiver got the signed request.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { BASE_URL, E2E_WEBHOOK_PORT } from './support/env.ts';
import {
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  PHONE,
  saveScreenshot,
  test,
} from './support/fixtures.ts';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local receiver on E2E_WEBHOOK_PORT (the one private port the e2e product may post to): records, answers 204. */
async function startReceiver(): Promise<{ url: string; requests: Received[]; server: Server }> {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  server.listen(E2E_WEBHOOK_PORT, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${E2E_WEBHOOK_PORT}/terima`, requests, server };
}

test.use({ loginAs: 'member' });

test('a member adds a webhook, copies its secret once, sends a test and sees it delivered, signed', async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const receiver = await startReceiver();
  try {
    await page.goto('/#/');
    await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Webhook' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook' })).toBeVisible();

    // Nothing chosen: told beside the fields, nothing sent.
    await page.getByRole('button', { name: 'Tambah webhook' }).click();
    await expect(page.getByText('URL webhook wajib diisi.')).toBeVisible();
    await expect(page.getByText('Pilih minimal satu event.')).toBeVisible();

    await page.getByLabel('URL penerima').fill(receiver.url);
    await page.getByRole('checkbox', { name: /Scraping selesai/ }).check();
    await page.getByRole('checkbox', { name: /Unduhan selesai/ }).check();
    await page.getByRole('button', { name: 'Tambah webhook' }).click();

    const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9+/]{32}$/);
    const secret = await secretBox.inputValue();
    await page.getByRole('button', { name: 'Salin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Secret disalin' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'webhooks-created');
    }
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Sudah saya simpan' }).click();
    await expect(secretBox).toHaveCount(0);

    const list = page.getByRole('list', { name: 'Webhook saya' });
    const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: receiver.url }) });
    await expect(item.getByText('Aktif', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: `Kirim Tes ke ${receiver.url}` }).click();
    await expect(page.getByText(`Kiriman tes ke ${receiver.url} masuk antrean.`)).toBeVisible();

    // The worker delivers it; the table shows the row as delivered with the receiver's answer.
    const table = item.getByRole('table', { name: 'Kiriman webhook' });
    const row = table.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row.getByText('Terkirim')).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('204');

    // What the receiver got is signed with the secret shown once (Standard Webhooks).
    expect(receiver.requests).toHaveLength(1);
    const [got] = receiver.requests;
    const id = String(got?.headers['webhook-id']);
    const timestamp = String(got?.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${got?.body ?? ''}`)
      .digest('base64');
    expect(String(got?.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

    await expectNoSeriousA11yViolations(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await saveScreenshot(page, testInfo, 'webhooks-delivered');
    }
    await page.setViewportSize(DESKTOP);

    // Turned off: the status says so and why; then deleted, after confirming.
    await item.getByRole('button', { name: 'Nonaktifkan' }).click();
    await expect(item.getByText('Nonaktif', { exact: true })).toBeVisible();
    await expect(item.getByText('Dinonaktifkan oleh pemilik.')).toBeVisible();
    await item.getByRole('button', { name: `Hapus webhook ${receiver.url}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hapus webhook' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await expect(item).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: receiver.url })).toHaveCount(0);
  } finally {
    receiver.server.close();
  }
});
