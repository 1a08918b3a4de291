// A member's own synced cookies (browser extension, issue 17) come before the admins' shared
// pool: with the real yt-dlp against the testkit's media server, whose login page opens only
// with the right session cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREVIEW_FORMAT } from '@scrapper/contracts/http/actor-configs';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { listCookieSets, replaceCookieSets } from '@scrapper/db/queries/cookie-sets';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import { findPreview, insertOrFindPreview } from '@scrapper/db/queries/previews';
import { deleteMemberCookies, upsertMemberCookies } from '@scrapper/db/queries/member-cookies';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished, until } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';
import { needsCookiesMessage, POOL_FAILURE } from './cookie-failure.ts';

let h: WorkerHarness;
let database: Database;
let box: SecretBox;
let media: MediaServer;
let worker: RunningWorker;
let ana: string;
let budi: string;
let admin: string;
let counter = 0;

/** A cookies.txt line for the media server's host (a platform's domain would not reach it). */
const jar = (value: string) =>
  `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t${Math.floor(Date.now() / 1000) + 3600}\t${media.sessionCookie.name}\t${value}\n`;

/** A download of the media server's login-walled page for this member, run to its end. */
async function download(ownerId: string) {
  counter++;
  const item = { sourceItemId: `member-cookie-item-${counter}`, title: `Video ${counter}`, author: 'kreator', item: {} };
  const source = { platform: 'tiktok', sourceUrl: media.urls.loginRequired, directUrl: null, resultFileName: null };
  const { row } = await insertOrJoinDownload(database.db, { ownerId, ...source, ...item, quality: 'best', batchId: null });
  await enqueue(worker.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
  return downloadFinished(database, row.id, 60_000);
}

/** A preview of the login-walled clip, queued as the API does (with or without its requester). */
async function preview(requestedBy: string | undefined) {
  counter++;
  const { row } = await insertOrFindPreview(database.db, {
    platform: 'tiktok',
    sourceItemId: `member-cookie-preview-${counter}`,
    sourceUrl: media.urls.loginRequired,
    directUrl: null,
    format: DEFAULT_PREVIEW_FORMAT,
    maxDurationSecs: 2,
  });
  await enqueue(worker.boss, 'video.preview', requestedBy ? { previewId: row.id, requestedBy } : { previewId: row.id }, { singletonKey: row.id });
  return until('the preview to finish', async () => {
    const now = await findPreview(database.db, row.id);
    return now && (now.status === 'completed' || now.status === 'failed') ? now : undefined;
  }, 60_000);
}

const ownCookies = (ownerId: string, value: string) =>
  upsertMemberCookies(database.db, {
    ownerId,
    platform: 'tiktok',
    sealedCookies: box.seal(jar(value)),
    cookieCount: 1,
    earliestExpiry: null,
  });

const notes = async (kind: string) =>
  (await database.sql`select user_id::text, message from notifications where kind = ${kind}`).map((r) => ({ ...r }));
const health = async (ownerId: string) =>
  (await database.sql`select last_failed_at, last_failure from member_cookies where owner_id = ${ownerId} and platform = 'tiktok'`)[0];

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'download-member-cookies',
    media: {},
    env: {
      WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
      WORKER_CONCURRENCY_SCRAPE_RUN: '0',
    },
  });
  ({ database, box, media } = h);
  ana = await h.insertUser('ana');
  budi = await h.insertUser('budi');
  admin = await h.insertUser('admin', 'admin');
  worker = await h.startWorker();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("a member's own cookies", () => {
  it("open the member's download when the admins' pool does not; another member still gets the pool", async () => {
    const { name, value } = media.sessionCookie;
    await replaceCookieSets(database.db, [
      { platform: 'tiktok', sealedCookies: box.seal(JSON.stringify([jar('wrong-pool')])) },
    ]);
    await ownCookies(ana, value);

    const anas = await download(ana);
    expect(anas.error).toBeNull();
    expect(anas.status).toBe('completed');
    expect(media.requests.some((r) => r.cookie?.includes(`${name}=${value}`))).toBe(true);

    media.clearRequests();
    const budis = await download(budi);
    expect(budis.status).toBe('failed');
    expect(media.requests.some((r) => r.cookie?.includes(`${name}=wrong-pool`))).toBe(true);
    expect(media.requests.some((r) => r.cookie?.includes(`${name}=${value}`))).toBe(false);
    // The pool's cookies failed: the admins hear it, and Ana's own cookies are not marked.
    expect(await notes('cookies.expired')).toEqual([expect.objectContaining({ user_id: admin })]);
    expect(await notes('member-cookies.expired')).toEqual([]);
    expect((await health(ana))?.last_failed_at).toBeNull();
  });

  it('come first even when the pool would open the page; without them the pool is used', async () => {
    const { name, value } = media.sessionCookie;
    await replaceCookieSets(database.db, [
      { platform: 'tiktok', sealedCookies: box.seal(JSON.stringify([jar(value)])) },
    ]);
    await ownCookies(ana, 'expired-own');

    media.clearRequests();
    const stale = await download(ana);
    expect(stale.status).toBe('failed');
    expect(media.requests.some((r) => r.cookie?.includes(`${name}=expired-own`))).toBe(true);
    // Cookie health: the member's own cookies are marked failed and the member is told what to
    // do; the admins hear nothing more (their pool was not used).
    expect(await health(ana)).toMatchObject({ last_failed_at: expect.stringMatching(/^\d{4}-/), last_failure: stale.error });
    // The member's sentence is about their own cookies and the extension, not the admin.
    expect(stale.error).toBe(needsCookiesMessage('own', 'tiktok'));
    expect(stale.error).toContain('cookie TikTok Anda dari ekstensi Scrapper');
    expect(stale.error).toContain('Sinkronkan sekarang');
    expect(stale.error).not.toContain('admin');
    expect(await notes('member-cookies.expired')).toEqual([
      expect.objectContaining({
        user_id: ana,
        message: 'Cookie TikTok Anda tampaknya kedaluwarsa: buka platform di browser Anda lalu sinkronkan ulang.',
      }),
    ]);
    expect(await notes('cookies.expired')).toHaveLength(1);

    await deleteMemberCookies(database.db, ana, 'tiktok');
    const pooled = await download(ana);
    expect(pooled.error).toBeNull();
    expect(pooled.status).toBe('completed');
  });
});

describe('the member\'s sentence for a login wall', () => {
  it('says whose cookies were refused: none at all, or the admins\' pool', async () => {
    await replaceCookieSets(database.db, []);
    const none = await download(budi);
    expect(none.status).toBe('failed');
    expect(none.error).toBe(needsCookiesMessage('none', 'tiktok'));
    expect(none.error).toContain('belum ada cookie TikTok');

    await replaceCookieSets(database.db, [
      { platform: 'tiktok', sealedCookies: box.seal(JSON.stringify([jar('wrong-pool')])) },
    ]);
    expect((await listCookieSets(database.db))[0]).toMatchObject({ lastFailedAt: null, lastFailure: null });
    const pooled = await download(budi);
    expect(pooled.status).toBe('failed');
    expect(pooled.error).toBe(needsCookiesMessage('pool', 'tiktok'));
    expect(pooled.error).toContain('cookie bersama TikTok perlu diperbarui oleh admin');
    expect(new Set([none.error, pooled.error, needsCookiesMessage('own', 'tiktok')]).size).toBe(3);
    // The Cookie tab shows the refusal beside the shared TikTok cookies.
    const [pool] = await listCookieSets(database.db);
    expect(pool).toMatchObject({ platform: 'tiktok', lastFailure: POOL_FAILURE });
    expect(pool?.lastFailedAt).toBeInstanceOf(Date);
  });
});

describe('previews', () => {
  it("use the requesting member's own cookies first, and mark them when they are refused", async () => {
    const { name, value } = media.sessionCookie;
    await replaceCookieSets(database.db, [
      { platform: 'tiktok', sealedCookies: box.seal(JSON.stringify([jar('wrong-pool')])) },
    ]);
    await ownCookies(ana, value);

    media.clearRequests();
    const anas = await preview(ana);
    expect([anas.status, anas.error]).toEqual(['completed', null]);
    expect(media.requests.some((r) => r.cookie?.includes(`${name}=${value}`))).toBe(true);

    // Without a requester (a job queued before this field), the pool only: refused.
    media.clearRequests();
    const pooled = await preview(undefined);
    expect(pooled.status).toBe('failed');
    expect(pooled.error).toBe(needsCookiesMessage('pool', 'tiktok'));
    expect(media.requests.some((r) => r.cookie?.includes(`${name}=${value}`))).toBe(false);

    // Another member's request does not get Ana's cookies.
    const budis = await preview(budi);
    expect(budis.status).toBe('failed');

    await ownCookies(ana, 'expired-own');
    const stale = await preview(ana);
    expect(stale.status).toBe('failed');
    expect(stale.error).toBe(needsCookiesMessage('own', 'tiktok'));
    expect(await health(ana)).toMatchObject({ last_failure: needsCookiesMessage('own', 'tiktok') });
  });
});
