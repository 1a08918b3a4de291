import { openE2eDatabase, type E2eDatabase } from './support/e2e-database.ts';
import { MEMBER } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';

// Live updates (issue 34): the dashboard takes a running scrape's progress from the event stream
// (GET /api/events) instead of polling, and a stream that failed comes back by itself. The task
// is written straight into the database, as the worker writes it (its trigger announces it).
// The page runs on Playwright's clock, so "no polling" is proven by moving a minute ahead, not by
// waiting one.

let db: E2eDatabase;
let memberId = '';

test.use({ loginAs: 'member' });

test.beforeAll(async ({ memberApi }) => {
  const me = await memberApi.get('/api/auth/me');
  expect(me.ok()).toBe(true);
  const user = ((await me.json()) as { user: { id: string; username: string } }).user;
  expect(user.username).toBe(MEMBER.username);
  memberId = user.id;
  db = await openE2eDatabase(memberId);
});

test.afterAll(async () => {
  await db?.close();
});

test('a running scrape shows its progress from the stream, without polling, after the stream recovers from a drop', async ({ page }) => {
  const target = `langsung-${Date.now().toString(36)}`;
  const [task] = await db.sql.unsafe(
    `insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state)
     values ($1::uuid, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', $2, $3::jsonb, $4::jsonb, 'waiting') returning id`,
    [memberId, target, JSON.stringify({ searchQueries: target, resultsPerPage: 10 }), JSON.stringify({ platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' })],
  );
  const taskId = String(task?.id);
  const statusPath = `/api/scrape/status/${taskId}`;
  const statusRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === statusPath) statusRequests.push(request.url());
  });

  await page.clock.install();
  // The first connection fails (a proxy dropped it); the client tries again after its back-off.
  let aborted = 0;
  await page.route('**/api/events', async (route) => {
    if (aborted === 0) {
      aborted++;
      await route.abort('connectionreset');
      return;
    }
    await route.fallback();
  });
  const failed = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === '/api/events');
  const connected = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  const loadedOnConnect = connected.then(() => page.waitForResponse((response) => new URL(response.url()).pathname === statusPath));
  await page.goto('/');
  await failed;
  const item = page.getByRole('list', { name: 'Tugas scraping' }).getByRole('listitem').filter({ hasText: target });
  await expect(item).toBeVisible();

  // Back-off over (the clock runs on by itself too): connected. The loop following the task loads
  // once when the stream connects.
  await page.clock.fastForward(2000);
  await connected;
  await loadedOnConnect;

  // Connected: a minute of the page's time passes and nothing is asked (the fallback polls every 5 s).
  const before = statusRequests.length;
  await page.clock.fastForward('01:00');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  expect(statusRequests.length).toBe(before);

  // The worker writes progress: it reaches the screen through the stream, with one request.
  const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === statusPath);
  await db.sql.unsafe(`update scrape_tasks set state = 'running', progress_percentage = 40, items_found = 3 where id = $1`, [taskId]);
  await fetched;
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '40%, 3 item ditemukan');
  expect(statusRequests.length).toBe(before + 1);

  await db.sql.unsafe(`update scrape_tasks set state = 'cancelled', finished_at = now() where id = $1`, [taskId]);
});
