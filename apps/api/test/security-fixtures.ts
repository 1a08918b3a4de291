// Real resources owned by a given member, one factory per route parameter pattern. The access
// matrix asks this table for every route with a `:param`; a route missing here fails the test,
// so a new route cannot be left out of the matrix.
import { randomBytes, randomUUID } from 'node:crypto';
import { downloads, notifications, previews, publishAccounts, publishPosts, publishTargets, youtubeAccounts, youtubeUploads } from '@scrapper/db/schema';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { insertDeletionRequest } from '@scrapper/db/queries/deletion-requests';
import { insertDownloadBatch } from '@scrapper/db/queries/download-batches';
import { insertAutomation, insertRunIfIdle } from '@scrapper/db/queries/automations';
import { insertApiToken } from '@scrapper/db/queries/api-tokens';
import { insertMaintenanceRun } from '@scrapper/db/queries/maintenance';
import { completeScrapeTask, failScrapeTask, insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { insertUser } from '@scrapper/db/queries/users';
import { insertClientSecret } from '@scrapper/db/queries/youtube';
import { insertWebhookWithinLimit } from '@scrapper/db/queries/webhooks';
import { DEFAULT_PREVIEW_FORMAT } from '@scrapper/contracts/http/actor-configs';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import type { Harness } from './harness.ts';

export interface Member {
  id: string;
  username: string;
  token: string;
}

/** What one request needs to reach a resource: the path parameters, maybe a query and a body. */
export interface Target {
  params: Record<string, string>;
  query?: string;
  body?: unknown;
}

export interface Fixture {
  /** true: the resource belongs to a member, so another member must get 404 (not 403). */
  owned: boolean;
  /**
   * A `/api/me/…` resource: every caller reaches only their own, admins included (they have
   * admin routes of their own for the rest), so an admin gets 404 for a member's too.
   */
  ownOnly?: boolean;
  /** A fresh resource of `owner` each call, so destructive calls never spoil a later case. */
  make(owner: Member): Promise<Target>;
}

export interface FixtureContext {
  h: Harness;
  admin: Member;
  fake: FakeGoogle;
  /** A hash computed once: argon2 per throwaway user would dominate the run time. */
  passwordHash: string;
}

const short = () => randomBytes(4).toString('hex');

/** A completed scrape task of `owner` with a result file of one TikTok item in storage. */
export async function resultFileOf(ctx: FixtureContext, owner: Member): Promise<{ taskId: string; fileName: string; itemId: string; itemUrl: string }> {
  const { h } = ctx;
  const itemId = `item-${short()}`;
  const itemUrl = `https://www.tiktok.com/@kreator/video/${itemId}`;
  const task = await insertScrapeTask(h.database.db, {
    ownerId: owner.id,
    actorId: 'clockworks/tiktok-scraper',
    platformId: 'tiktok',
    scrapeType: 'keyword',
    target: 'uji',
    input: { searchQueries: 'uji', resultsPerPage: 10 },
    platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
  });
  const fileName = `tiktok_20261122-010203_${short()}.json`;
  const path = `results/${owner.username}/${fileName}`;
  const content = {
    items: [{ id: itemId, platform: 'tiktok', url: itemUrl, duration: 10, title: 'Satu', author: 'kreator', play_count: 1, like_count: 1, thumbnail: '', raw: { id: itemId, webVideoUrl: itemUrl, text: 'Satu', authorMeta: { name: 'kreator' }, videoMeta: { duration: 10 } } }],
    metadata: {
      taskId: task.id,
      platformId: 'tiktok',
      actorId: 'clockworks/tiktok-scraper',
      input: { searchQueries: 'uji', resultsPerPage: 10 },
      owner: { id: owner.id, username: owner.username },
      createdAt: new Date().toISOString(),
      itemCount: 1,
    },
  };
  await h.storage.write(path, JSON.stringify(content));
  await completeScrapeTask(h.database.db, task.id, { fileName, path, itemCount: 1 });
  return { taskId: task.id, fileName, itemId, itemUrl };
}

/**
 * A completed download of `owner` with its file in storage; `extra.fileGone`: the file was deleted
 * (what "Unduh Ulang" fetches again); `extra.batchId`: part of that batch.
 */
async function downloadOf(
  ctx: FixtureContext,
  owner: Member,
  source?: { fileName: string; itemId: string; itemUrl: string },
  extra: { fileGone?: boolean; batchId?: string } = {},
): Promise<string> {
  const { h } = ctx;
  const itemId = source?.itemId ?? `item-${short()}`;
  const storageKey = `downloads/${owner.id}/${itemId}.mp4`;
  await h.storage.write(storageKey, Buffer.alloc(64, 7));
  const [row] = await h.database.db
    .insert(downloads)
    .values({
      ownerId: owner.id,
      platform: 'tiktok',
      sourceItemId: itemId,
      sourceUrl: source?.itemUrl ?? `https://www.tiktok.com/@kreator/video/${itemId}`,
      resultFileName: source?.fileName ?? null,
      title: `Video ${itemId}`,
      author: 'kreator',
      quality: 'best',
      status: 'completed',
      storageKey,
      sizeBytes: 64,
      mime: 'video/mp4',
      finishedAt: new Date(),
      fileDeletedAt: extra.fileGone ? new Date() : null,
      batchId: extra.batchId ?? null,
    })
    .returning();
  if (!row) throw new Error('no download row');
  return row.id;
}

async function youtubeAccountOf(ctx: FixtureContext, owner: Member): Promise<string> {
  const { h, fake } = ctx;
  const channel = fake.addChannel({ id: `UC${randomBytes(11).toString('hex')}`, title: `Kanal ${owner.username}`, playlists: [] });
  const tokens = fake.issueTokens({ channelId: channel.id });
  const box = createSecretBox(h.env.secretsKey);
  const [row] = await h.database.db
    .insert(youtubeAccounts)
    .values({
      userId: owner.id,
      channelId: channel.id,
      accountName: channel.title,
      sealedTokens: box.seal(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiryDate: tokens.expiryDate, scope: tokens.scope })),
      tokenExpiresAt: new Date(tokens.expiryDate),
    })
    .returning();
  if (!row) throw new Error('no youtube account row');
  return row.id;
}

/**
 * A TikTok destination of `owner` (issue 33). Its app is not set, so creator info answers 409
 * (connect again) without calling TikTok: the matrix checks who reaches it, not TikTok.
 */
async function publishAccountOf(ctx: FixtureContext, owner: Member): Promise<string> {
  const box = createSecretBox(ctx.h.env.secretsKey);
  const [row] = await ctx.h.database.db
    .insert(publishAccounts)
    .values({
      userId: owner.id,
      platform: 'tiktok',
      remoteId: `open-${short()}`,
      name: `TikTok ${owner.username}`,
      sealedTokens: box.seal(JSON.stringify({ accessToken: 'act.x', refreshToken: 'rft.x', accessExpiresAt: new Date(0).toISOString(), refreshExpiresAt: new Date(0).toISOString(), scope: '' })),
    })
    .returning();
  if (!row) throw new Error('no publish account row');
  return row.id;
}

/** An upload of `owner` already public on YouTube (no schedule to move or cancel). */
export async function publishedUploadOf(ctx: FixtureContext, owner: Member): Promise<string> {
  const accountId = await youtubeAccountOf(ctx, owner);
  const [row] = await ctx.h.database.db
    .insert(youtubeUploads)
    .values({
      userId: owner.id,
      accountId,
      title: `Tayang ${short()}`,
      publishType: 'now',
      sourceKind: 'url',
      sourceUrl: 'https://www.tiktok.com/@kreator/video/1',
      status: 'uploaded',
      youtubeVideoId: `vid${short()}`,
      youtubePrivacyStatus: 'public',
      uploadedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('no youtube upload row');
  return row.id;
}

/** A completed download of `owner` (a File Manager file). */
export const serverFileOf = (ctx: FixtureContext, owner: Member): Promise<string> => downloadOf(ctx, owner);

/** A scheduled upload of `owner` still waiting for its turn (nothing on YouTube yet), a day ahead. */
async function scheduledUploadOf(ctx: FixtureContext, owner: Member): Promise<string> {
  const accountId = await youtubeAccountOf(ctx, owner);
  const [row] = await ctx.h.database.db
    .insert(youtubeUploads)
    .values({
      userId: owner.id,
      accountId,
      title: `Terjadwal ${short()}`,
      publishType: 'schedule',
      publishAt: new Date(Date.now() + 24 * 3600_000),
      sourceKind: 'url',
      sourceUrl: 'https://www.tiktok.com/@kreator/video/1',
      status: 'scheduled',
    })
    .returning();
  if (!row) throw new Error('no youtube upload row');
  return row.id;
}

/** A publish post of `owner` with one queued YouTube target (issue 33). */
async function publishPostOf(ctx: FixtureContext, owner: Member): Promise<{ id: string; targetId: string }> {
  const youtubeAccountId = await youtubeAccountOf(ctx, owner);
  const [post] = await ctx.h.database.db.insert(publishPosts).values({ userId: owner.id, caption: `Posting ${short()}`, title: 'Judul' }).returning();
  if (!post) throw new Error('no publish post row');
  const [target] = await ctx.h.database.db.insert(publishTargets).values({ postId: post.id, platform: 'youtube', youtubeAccountId }).returning();
  if (!target) throw new Error('no publish target row');
  return { id: post.id, targetId: target.id };
}

/** Two days ahead as the upload form's WIB date and time. */
export function wibScheduleAhead(ms = 48 * 3600_000): { scheduleDate: string; scheduleTime: string } {
  const wib = new Date(Date.now() + ms + 7 * 3600_000).toISOString();
  return { scheduleDate: wib.slice(0, 10), scheduleTime: wib.slice(11, 16) };
}

async function apiKey(ctx: FixtureContext, kind: 'apify' | 'gemini'): Promise<string> {
  const path = kind === 'apify' ? '/api/keys' : '/api/admin/gemini-keys';
  const res = await ctx.h.request('POST', path, { token: ctx.admin.token, body: { key: `${kind}-key-${randomBytes(12).toString('hex')}` } });
  if (res.status !== 201 && res.status !== 200) throw new Error(`key fixture: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

async function clientSecret(ctx: FixtureContext): Promise<string> {
  const res = await ctx.h.request('POST', '/api/admin/client-secrets', {
    token: ctx.admin.token,
    body: { name: `Proyek ${short()}`, clientId: `${short()}.apps.googleusercontent.com`, clientSecret: `GOCSPX-${randomBytes(12).toString('hex')}` },
  });
  if (res.status !== 201) throw new Error(`client secret fixture: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A live personal API token of `owner` (made straight in the database: the hash of nothing anyone holds). */
async function apiTokenOf(ctx: FixtureContext, owner: Member): Promise<string> {
  const row = await insertApiToken(
    ctx.h.database.db,
    { ownerId: owner.id, name: `Token ${short()}`, scope: 'read', tokenHash: randomBytes(32).toString('hex'), prefix: 'scr_uji', expiresAt: null },
    Number.MAX_SAFE_INTEGER,
  );
  if (!row) throw new Error('no api token row');
  return row.id;
}

/** An automation of `owner` on a TikTok keyword (download only), and optionally a run of it. */
export async function automationOf(ctx: Pick<FixtureContext, 'h'>, owner: Pick<Member, 'id'>, withRun = false): Promise<{ id: string; runId?: string }> {
  const row = await insertAutomation(ctx.h.database.db, {
    ownerId: owner.id,
    name: `Otomasi ${short()}`,
    nextRunAt: new Date(Date.now() + 3600_000),
    config: {
      source: { actorId: 'clockworks/tiktok-scraper', input: { searchQueries: ['kucing'] }, platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' } },
      schedule: { kind: 'interval', intervalMinutes: 60 },
      filters: { minPlays: null, minLikes: null, minDurationSeconds: null, maxDurationSeconds: null, postedWithinDays: null, includeWords: [], excludeWords: [], skipDownloaded: true, skipDuplicateTitles: true },
      download: { quality: 'best' },
      publish: null,
    },
  });
  if (!withRun) return { id: row.id };
  const run = await insertRunIfIdle(ctx.h.database.db, row.id, 'manual');
  return { id: row.id, runId: run?.id };
}

/** A webhook of `owner` (made straight in the database, its secret sealed with the app's key). */
async function webhookOf(ctx: FixtureContext, owner: Member): Promise<string> {
  const row = await insertWebhookWithinLimit(
    ctx.h.database.db,
    { ownerId: owner.id, url: `https://hooks.example.com/${short()}`, events: ['scrape.completed'], sealedSecret: createSecretBox(ctx.h.env.secretsKey).seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') },
    Number.MAX_SAFE_INTEGER,
  );
  if (!row) throw new Error('no webhook row');
  return row.id;
}

/** Keyed by the route's url as registered; every method on that url shares the entry. */
export function buildFixtures(ctx: FixtureContext): Record<string, Fixture> {
  const { h } = ctx;
  const db = h.database.db;
  const id = (value: string): Target => ({ params: { id: value } });
  return {
    // Admin routes: the resource is not a member's; A's and B's are simply two fresh ones.
    '/api/admin/users/:id': {
      owned: false,
      make: async () => {
        const row = await insertUser(db, { username: `korban${short()}`, passwordHash: ctx.passwordHash, role: 'user' });
        if (!row) throw new Error('no user row');
        return { params: { id: row.id }, body: { role: 'user' } };
      },
    },
    '/api/admin/maintenance/runs/:id': { owned: false, make: async (owner) => id((await insertMaintenanceRun(db, owner.id)).id) },
    '/api/admin/apify-config/clone/:platformId': { owned: false, make: async () => ({ params: { platformId: 'tiktok' } }) },
    '/api/admin/apify-config/toggle-active/:platformId': { owned: false, make: async () => ({ params: { platformId: 'tiktok' }, body: { isActive: true } }) },
    '/api/admin/rate-limits/:platform': { owned: false, make: async () => ({ params: { platform: 'tiktok' }, body: { requestsPerMinute: 60 } }) },
    '/api/keys/:id': { owned: false, make: async () => id(await apiKey(ctx, 'apify')) },
    '/api/keys/:id/set-active': { owned: false, make: async () => id(await apiKey(ctx, 'apify')) },
    '/api/keys/:id/validate': { owned: false, make: async () => id(await apiKey(ctx, 'apify')) },
    '/api/admin/gemini-keys/:id': { owned: false, make: async () => id(await apiKey(ctx, 'gemini')) },
    '/api/admin/gemini-keys/:id/set-active': { owned: false, make: async () => id(await apiKey(ctx, 'gemini')) },
    '/api/admin/gemini-keys/:id/validate': { owned: false, make: async () => id(await apiKey(ctx, 'gemini')) },
    '/api/admin/deletion-requests/:id': {
      owned: false,
      make: async () => ({ ...id((await insertDeletionRequest(db, { email: `hapus-${short()}@example.com`, ip: '192.0.2.1' })).id), body: { status: 'in_progress' } }),
    },
    '/api/admin/deletion-requests/:id/remove-member': {
      owned: false,
      // A throwaway member whose profile email is the request's address: the request links to it.
      make: async () => {
        const email = `hapus-${short()}@example.com`;
        const user = await insertUser(db, { username: `hapus${short()}`, passwordHash: ctx.passwordHash, role: 'user', email });
        if (!user) throw new Error('no user row');
        return { ...id((await insertDeletionRequest(db, { email, ip: '192.0.2.1' })).id), body: { userId: user.id } };
      },
    },
    '/api/admin/tokens/:id': { owned: false, make: async (owner) => id(await apiTokenOf(ctx, owner)) },
    '/api/admin/client-secrets/:id': {
      owned: false,
      make: async () => ({ params: { id: await clientSecret(ctx) }, body: { name: 'Diubah', clientId: `${short()}.apps.googleusercontent.com` } }),
    },

    // Members' own resources.
    '/api/me/tokens/:id': { owned: true, ownOnly: true, make: async (owner) => id(await apiTokenOf(ctx, owner)) },
    '/api/me/webhooks/:id': { owned: true, ownOnly: true, make: async (owner) => ({ ...id(await webhookOf(ctx, owner)), body: { enabled: true } }) },
    '/api/me/webhooks/:id/test': { owned: true, ownOnly: true, make: async (owner) => id(await webhookOf(ctx, owner)) },
    '/api/me/webhooks/:id/deliveries': { owned: true, ownOnly: true, make: async (owner) => id(await webhookOf(ctx, owner)) },
    '/api/scrape/status/:id': { owned: true, make: async (owner) => id((await resultFileOf(ctx, owner)).taskId) },
    '/api/scrape/status/:id/logs': { owned: true, make: async (owner) => id((await resultFileOf(ctx, owner)).taskId) },
    '/api/scrape/cancel/:id': {
      owned: true,
      make: async (owner) =>
        id(
          (
            await insertScrapeTask(db, {
              ownerId: owner.id,
              actorId: 'clockworks/tiktok-scraper',
              platformId: 'tiktok',
              scrapeType: 'keyword',
              target: 'batal',
              input: { searchQueries: 'batal', resultsPerPage: 10 },
              platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
            })
          ).id,
        ),
    },
    // A failed task: "Coba Lagi" starts a new task for its owner (202); another member's is a 404.
    '/api/scrape/retry/:id': {
      owned: true,
      make: async (owner) => {
        const task = await insertScrapeTask(db, {
          ownerId: owner.id,
          actorId: 'clockworks/tiktok-scraper',
          platformId: 'tiktok',
          scrapeType: 'keyword',
          target: 'ulang',
          input: { searchQueries: 'ulang', resultsPerPage: 10 },
          platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
        });
        await failScrapeTask(db, task.id, 'Aktor Apify gagal menyelesaikan run.', undefined, 'FAILED: uji');
        return id(task.id);
      },
    },
    '/api/scrape/history/:id': { owned: true, make: async (owner) => id((await resultFileOf(ctx, owner)).taskId) },
    '/api/scrape/content/:fileName': { owned: true, make: async (owner) => ({ params: { fileName: (await resultFileOf(ctx, owner)).fileName } }) },
    '/api/media/preview/:id': {
      owned: true,
      make: async (owner) => {
        const file = await resultFileOf(ctx, owner);
        // A finished preview clip, so the request is answered from storage without a worker.
        const spec = (await findActorConfig(db, 'tiktok'))?.previewSpecific ?? { format: DEFAULT_PREVIEW_FORMAT, maxDuration: 30 };
        const storageKey = `previews/${file.itemId}.mp4`;
        await h.storage.write(storageKey, Buffer.alloc(32, 1));
        await db.insert(previews).values({
          platform: 'tiktok',
          sourceItemId: file.itemId,
          sourceUrl: file.itemUrl,
          format: spec.format,
          maxDurationSecs: spec.maxDuration,
          status: 'completed',
          storageKey,
          sizeBytes: 32,
        });
        return { params: { id: file.itemId }, query: `filename=${file.fileName}` };
      },
    },
    '/api/data/items/:id': {
      owned: true,
      make: async (owner) => {
        const file = await resultFileOf(ctx, owner);
        return { params: { id: file.itemId }, query: `filename=${file.fileName}` };
      },
    },
    '/api/media/download/:id': {
      owned: true,
      make: async (owner) => {
        const file = await resultFileOf(ctx, owner);
        await downloadOf(ctx, owner, file);
        return { params: { id: file.itemId }, query: `filename=${file.fileName}` };
      },
    },
    '/api/media/batches/:id': {
      owned: true,
      make: async (owner) => id((await insertDownloadBatch(db, { ownerId: owner.id, resultFileName: null, quality: 'best', total: 0 })).id),
    },
    '/api/media/batches/:id/cancel': {
      owned: true,
      make: async (owner) => id((await insertDownloadBatch(db, { ownerId: owner.id, resultFileName: null, quality: 'best', total: 0 })).id),
    },
    '/api/media/batches/:id/zip': {
      owned: true,
      make: async (owner) => {
        const batch = await insertDownloadBatch(db, { ownerId: owner.id, resultFileName: null, source: 'urls', quality: 'best', total: 1 });
        await downloadOf(ctx, owner, undefined, { batchId: batch.id });
        return id(batch.id);
      },
    },
    '/api/media/history/:id/redownload': { owned: true, make: async (owner) => id(await downloadOf(ctx, owner, undefined, { fileGone: true })) },
    '/api/media/download/history/:id': { owned: true, make: async (owner) => id(await downloadOf(ctx, owner)) },
    '/api/media/history/:id': { owned: true, make: async (owner) => id(await downloadOf(ctx, owner)) },
    '/api/files/:id': { owned: true, make: async (owner) => id(await downloadOf(ctx, owner)) },
    '/api/notifications/:id/read': {
      owned: true,
      make: async (owner) => {
        const [row] = await db.insert(notifications).values({ userId: owner.id, kind: 'info', message: 'Halo', dedupeKey: `uji:${randomUUID()}` }).returning();
        if (!row) throw new Error('no notification row');
        return id(row.id);
      },
    },
    '/api/automations/:id': { owned: true, make: async (owner) => ({ ...id((await automationOf(ctx, owner)).id), body: { name: 'Diubah' } }) },
    '/api/automations/:id/run': { owned: true, make: async (owner) => id((await automationOf(ctx, owner)).id) },
    '/api/automations/:id/pause': { owned: true, make: async (owner) => id((await automationOf(ctx, owner)).id) },
    '/api/automations/:id/resume': { owned: true, make: async (owner) => id((await automationOf(ctx, owner)).id) },
    '/api/automations/:id/runs': { owned: true, make: async (owner) => id((await automationOf(ctx, owner)).id) },
    '/api/automations/:id/runs/:runId': {
      owned: true,
      make: async (owner) => {
        const made = await automationOf(ctx, owner, true);
        return { params: { id: made.id, runId: made.runId ?? '' } };
      },
    },
    '/api/youtube/accounts/:id': { owned: true, make: async (owner) => id(await youtubeAccountOf(ctx, owner)) },
    '/api/youtube/accounts/:id/quota': { owned: true, make: async (owner) => id(await youtubeAccountOf(ctx, owner)) },
    '/api/youtube/videos/:id/cancel': { owned: true, make: async (owner) => id(await scheduledUploadOf(ctx, owner)) },
    '/api/youtube/videos/:id': { owned: true, make: async (owner) => ({ ...id(await scheduledUploadOf(ctx, owner)), body: wibScheduleAhead() }) },
    '/api/youtube/playlists/:accountId': { owned: true, make: async (owner) => ({ params: { accountId: await youtubeAccountOf(ctx, owner) } }) },
    // Publishing destinations (issue 33): only their owner's, admins included.
    '/api/publish/accounts/:id': { owned: true, ownOnly: true, make: async (owner) => id(await publishAccountOf(ctx, owner)) },
    '/api/publish/accounts/:id/creator-info': { owned: true, ownOnly: true, make: async (owner) => id(await publishAccountOf(ctx, owner)) },
    '/api/publish/accounts/:id/publishing-limit': { owned: true, ownOnly: true, make: async (owner) => id(await publishAccountOf(ctx, owner)) },
    // The consent URL of a platform: nobody's; without a client of that platform it is a 404 for everyone.
    '/api/publish/:platform/auth/url': {
      owned: false,
      make: async () => {
        const client = await insertClientSecret(db, {
          platform: 'tiktok',
          name: `TikTok ${short()}`,
          clientId: `key${short()}`,
          sealedClientSecret: createSecretBox(h.env.secretsKey).seal('tiktok-secret-for-the-matrix'),
          secretLastFour: '',
          redirectUri: 'http://127.0.0.1/api/publish/tiktok/auth/callback',
          isActive: true,
        });
        return { params: { platform: 'tiktok' }, query: `clientSecretId=${client.id}` };
      },
    },
    '/api/publish/posts/:id': { owned: true, make: async (owner) => id((await publishPostOf(ctx, owner)).id) },
    '/api/publish/posts/:id/targets/:targetId/cancel': { owned: true, make: async (owner) => ({ params: await publishPostOf(ctx, owner) }) },
    // A member's own synced cookies: every caller reaches only their own row, so nobody's to take.
    '/api/me/cookies/:platform': {
      owned: false,
      make: async () => ({ params: { platform: 'tiktok' }, body: { cookies: `.tiktok.com\tTRUE\t/\tTRUE\t0\tsessionid\tuji-${short()}` } }),
    },

    // The web app's files: public, nobody's.
    '/assets/:name': { owned: false, make: async () => ({ params: { name: 'index.js' } }) },
    '/:name': { owned: false, make: async () => ({ params: { name: 'favicon.svg' } }) },
  };
}

/** Fills `:name` segments (encoded) and a trailing wildcard. */
export function pathOf(url: string, target: Target): string {
  const filled = url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = target.params[name];
      if (value === undefined) throw new Error(`fixture for ${url} gives no ${name}`);
      return encodeURIComponent(value);
    })
    .replace(/\*$/, 'index.html');
  return target.query ? `${filled}?${target.query}` : filled;
}
