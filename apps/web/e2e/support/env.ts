// Fixed settings of the e2e run, shared by playwright.config.ts and the specs.

/**
 * The first instance's port, of its own so a developer's `npm start` on 3000 does not collide
 * with the run (E2E_PORT moves it, for two checkouts running their e2e side by side).
 */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT) || 3310;

/**
 * Each Playwright worker has a product instance of its own (own launcher, embedded PostgreSQL,
 * data folder and fakes: playwright.config.ts starts one webServer per worker). Instance i owns
 * the ports E2E_FIRST_PORT + 10 i ... + 9: its product, the webhook receiver, the spec media
 * server.
 */
export const E2E_PORTS_PER_INSTANCE = 10;

/**
 * The instance `pnpm bench`'s browser run starts (apps/web/bench/browser.ts): far from the e2e
 * workers', so the bench can run beside the suite.
 */
export const BENCH_INSTANCE = 9;

/** The product port of instance `index`. */
export function instancePort(index: number) {
  return E2E_FIRST_PORT + E2E_PORTS_PER_INSTANCE * index;
}

/**
 * This process's instance: E2E_INSTANCE in the server playwright.config.ts starts, the worker's
 * parallel index in a Playwright worker (a worker that replaces a failed one keeps the index,
 * so it keeps its instance), 0 elsewhere.
 */
export const E2E_INSTANCE = Number(process.env.E2E_INSTANCE ?? process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E_PORT = instancePort(E2E_INSTANCE);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The port the webhook spec's local receiver listens on: known before the product starts, so
 * start-server.ts can let exactly it through the URL guard (FETCH_ALLOW_PRIVATE_HOSTS).
 */
export const E2E_WEBHOOK_PORT = E2E_PORT + 1;

/** The port of downloads.spec's own (slow-trickling) media server, listed the same way. */
export const E2E_SPEC_MEDIA_PORT = E2E_PORT + 2;

/**
 * The port of the SMTP server admin-deletion-requests.spec starts (the testkit's): every instance
 * has SMTP_URL pointing at it, so the product mails as an operator's would. While no spec
 * listens there, mail waits in the worker's retries; nothing else depends on it.
 */
export const E2E_SMTP_PORT = E2E_PORT + 3;
export const E2E_MAIL_FROM = 'Scrapper E2E <noreply@scrapper.test>';

/** The first admin the launcher seeds (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

/** A plain user the fixtures create once per worker through the API. */
export const MEMBER = { username: 'e2e-member', password: 'e2e-member-password' } as const;

/**
 * An OAuth client whose Google project the fake treats as unaudited: YouTube answers its
 * uploads private whatever was asked (start-server.ts passes it to the fake Google).
 */
export const UNAUDITED_GOOGLE_CLIENT_ID = 'e2e-unaudited-0001.apps.googleusercontent.com';

/**
 * The yt-dlp version the e2e release server publishes (start-server.ts): today's date, as a
 * current release's version reads, so the product never sees it as old whenever the run is.
 */
export const E2E_YTDLP_VERSION = ((now: Date) =>
  `${now.getUTCFullYear()}.${String(now.getUTCMonth() + 1).padStart(2, '0')}.${String(now.getUTCDate()).padStart(2, '0')}`)(new Date());

/** The fake Meta user's Page and the Instagram account linked to it (e2e/publish.spec.ts). */
export const E2E_META_PAGE = { page: 'Dapur E2E', instagram: 'dapur.e2e' } as const;
