// Playwright's webServer command: the real product (launcher: embedded PostgreSQL, API serving
// apps/web/dist, worker) on a fresh data directory that is removed again when it stops, so
// every run starts from an empty database with only the seeded admin. Apify is the testkit's
// fake, a real HTTP server in this process, scripted by fake-apify-scenarios.ts; the videos
// of its items are on the testkit's media server, also in this process. Google (OAuth consent,
// YouTube Data API, Gemini) is the testkit's fake Google, in this process too. TikTok (Login
// Kit, Content Posting API) and Meta (Facebook Login for Business, Graph, rupload) are the
// testkit's fakes as well (issue 33: e2e/publish.spec.ts publishes to them).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startFakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startFakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import { startFakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { startMediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startYtDlpReleaseServer } from '@scrapper/testkit/ytdlp-release-server/start-ytdlp-release-server';
import { APIFY_ACCOUNT, APIFY_TOKENS } from './fake-apify-plan.ts';
import {
  E2E_META_PAGE,
  E2E_SPEC_MEDIA_PORT,
  E2E_WEBHOOK_PORT,
  E2E_SMTP_PORT,
  E2E_MAIL_FROM,
  E2E_YTDLP_VERSION,
  UNAUDITED_GOOGLE_CLIENT_ID,
} from './env.ts';
import { scriptFakeApify } from './fake-apify-scenarios.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'scrapper-e2e-'));

const media = await startMediaServer();
const fake = await startFakeApify({ tokens: { [APIFY_TOKENS.scrape]: APIFY_ACCOUNT } });
scriptFakeApify(fake, media.urls);
// Any client id/secret and any Gemini key is accepted while none is registered; the consent
// page waits for a click on "Allow", as Google's does. One client stands for an API project
// Google has not audited: its uploads are answered private.
const google = await startFakeGoogle({ unaudited: [UNAUDITED_GOOGLE_CLIENT_ID] });
// Any app is accepted while none is registered; each consent page waits for "Allow". TikTok's
// default creator is public (@fake.creator); Meta's user has one Page with its Instagram account.
const tiktok = await startFakeTikTok();
const meta = await startFakeMeta({
  users: [
    {
      name: 'Pengguna E2E',
      pages: [{ name: E2E_META_PAGE.page, instagram: { username: E2E_META_PAGE.instagram } }],
    },
  ],
  processingReads: 0,
});

// yt-dlp's release channel: the worker installs this build as its managed copy at start, as it
// would from GitHub, and every download of the run goes through it.
const releases = await startYtDlpReleaseServer();
await releases.publish(E2E_YTDLP_VERSION);

const launcher = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', 'apps/launcher/src/main.ts'],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      APIFY_BASE_URL: fake.baseUrl,
      // The fake's runs are short; the worker asks again at once instead of long-polling.
      APIFY_POLL_SECONDS: '0',
      // The media servers and the webhook spec's receiver listen on 127.0.0.1, which the URL
      // guard refuses by default: exactly these destinations are let through, the guard stays
      // on for every other address (and the product shows no private-fetch warning).
      FETCH_ALLOW_PRIVATE_HOSTS: [new URL(media.urls.clip3s).host, `127.0.0.1:${E2E_WEBHOOK_PORT}`, `127.0.0.1:${E2E_SPEC_MEDIA_PORT}`].join(','),
      GOOGLE_API_ROOT_URL: google.urls.apiRootUrl,
      GOOGLE_OAUTH_AUTH_URL: google.urls.oauthAuthUrl,
      GOOGLE_OAUTH_TOKEN_URL: google.urls.oauthTokenUrl,
      GEMINI_BASE_URL: google.urls.geminiBaseUrl,
      YTDLP_RELEASE_URL: releases.baseUrl,
      TIKTOK_AUTH_URL: tiktok.urls.authUrl,
      TIKTOK_API_BASE_URL: tiktok.urls.apiBaseUrl,
      META_AUTH_URL: meta.urls.authUrl,
      META_GRAPH_BASE_URL: meta.urls.graphBaseUrl,
      META_GRAPH_VERSION: meta.version,
      META_UPLOAD_BASE_URL: meta.urls.uploadBaseUrl,
      // Outgoing mail to the SMTP server admin-deletion-requests.spec starts on this port.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: E2E_MAIL_FROM,
    },
    stdio: 'inherit',
  },
);

// Playwright signals the whole process group; passing the signal on as well covers a
// direct `kill` of this process. The launcher ignores the second one while stopping.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    launcher.kill('SIGTERM');
  });
}

launcher.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  void Promise.allSettled([fake.close(), media.close(), google.close(), releases.close(), tiktok.close(), meta.close()]).finally(() =>
    process.exit(code ?? (signal ? 1 : 0)),
  );
});
