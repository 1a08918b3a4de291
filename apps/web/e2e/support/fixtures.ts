import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { ADMIN, BASE_URL, MEMBER } from './env.ts';

export type Account = 'admin' | 'member';

interface WorkerFixtures {
  /** Tokens of the seeded admin and a plain user, obtained once per worker through the API. */
  tokens: Record<Account, string>;
  /** The API as the admin, for setting the stage of a spec (keys, actor configs). */
  adminApi: APIRequestContext;
  /** The API as the plain user, for what they own (scrapes whose results a spec opens). */
  memberApi: APIRequestContext;
}

interface TestFixtures {
  /** Start the test logged in as this account (token in localStorage), or as a visitor. */
  loginAs: Account | null;
  /** Fails the test when the page throws an uncaught error, whatever the test checks. */
  failOnPageError: void;
  /**
   * Every Content-Security-Policy violation in any page of the test (popups included). The
   * test fails at its end when there is one, unless `allowCspViolations` is set: the whole
   * suite runs under the production CSP.
   */
  cspViolations: string[];
  /** Only for a test that provokes a violation on purpose to see it caught. */
  allowCspViolations: boolean;
}

async function apiLogin(api: APIRequestContext, account: { username: string; password: string }) {
  const response = await api.post('/api/auth/login', { data: account });
  if (!response.ok()) throw new Error(`login as ${account.username}: HTTP ${response.status()}`);
  const body: unknown = await response.json();
  if (
    typeof body !== 'object' ||
    body === null ||
    !('token' in body) ||
    typeof body.token !== 'string'
  ) {
    throw new Error('login answered without a token');
  }
  return body.token;
}

// Logging in through the API once per worker instead of through the form in every test keeps
// the run fast and far below the server's login rate limit (30 attempts per IP per 10 min).
export const test = base.extend<TestFixtures, WorkerFixtures>({
  loginAs: [null, { option: true }],
  tokens: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: BASE_URL });
      const admin = await apiLogin(api, ADMIN);
      const created = await api.post('/api/admin/users', {
        headers: { Authorization: `Bearer ${admin}` },
        data: { ...MEMBER, role: 'user' },
      });
      // 409: an earlier worker of this run already created it.
      if (!created.ok() && created.status() !== 409) {
        throw new Error(`creating ${MEMBER.username}: HTTP ${created.status()}`);
      }
      const member = await apiLogin(api, MEMBER);
      await api.dispose();
      await use({ admin, member });
    },
    { scope: 'worker' },
  ],
  adminApi: [
    async ({ playwright, tokens }, use) => {
      const api = await playwright.request.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { Authorization: `Bearer ${tokens.admin}` },
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  memberApi: [
    async ({ playwright, tokens }, use) => {
      const api = await playwright.request.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { Authorization: `Bearer ${tokens.member}` },
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  allowCspViolations: [false, { option: true }],
  cspViolations: [
    async ({ context, allowCspViolations }, use) => {
      const violations: string[] = [];
      // The browser reports each violation twice: as a `securitypolicyviolation` event in the
      // page (caught by the init script, with the directive and the blocked resource) and as
      // a console error; either one is enough to fail.
      await context.exposeBinding(
        '__e2eReportCspViolation',
        ({ page }, violation: { directive: string; blocked: string; source: string }) => {
          violations.push(
            `${violation.directive} blocked ${violation.blocked || '(inline)'} at ${violation.source || page.url()}`,
          );
        },
      );
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, unknown>).__e2eReportCspViolation;
          if (typeof report === 'function') {
            void report({
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
              source: `${event.sourceFile}:${event.lineNumber}`,
            });
          }
        });
      });
      context.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) {
          violations.push(`console: ${message.text()}`);
        }
      });
      await use(violations);
      if (!allowCspViolations) {
        expect(violations, 'Content-Security-Policy violations').toEqual([]);
      }
    },
    { auto: true },
  ],
  storageState: async ({ loginAs, tokens }, use) => {
    await use(
      loginAs
        ? {
            cookies: [],
            origins: [
              { origin: BASE_URL, localStorage: [{ name: 'token', value: tokens[loginAs] }] },
            ],
          }
        : undefined,
    );
  },
});

export { expect };

/**
 * Fails on any serious or critical axe finding (WCAG 2.1 A/AA and best practices).
 *
 * axe.run in the page itself (legacy mode) rather than a partial run per frame finished in a new
 * blank page: the same rules on the same document at about half the cost (no second page, one
 * injection). What legacy mode leaves out, cross-origin frames, the product has none: its CSP
 * (default-src 'self', no frame-src) would block them.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `accessibility problems on ${page.url()}`).toEqual([]);
}

/**
 * Saves a screenshot to e2e/screenshots/<name>-<width>.png (gitignored): the full page, or
 * only the viewport (`fullPage: false`) for an open dialog, which is fixed to the viewport.
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  const width = page.viewportSize()?.width ?? 0;
  // From the top: a page scrolled by an earlier step draws its sticky header and sidebar
  // in the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(testInfo.project.testDir, 'screenshots', `${name}-${width}.png`),
    fullPage,
    animations: 'disabled',
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
